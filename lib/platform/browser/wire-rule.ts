// Owns holding a form field to the API's own rule for it, so a rule the server enforces is written once (in the area's
// contract) and a form only words it for a person. The form keeps the shape a person types (strings, empty fields);
// the field is refused when the operation's wire schema would refuse what it hands on. Only lazily loaded form schemas
// import it (zod stays off the first load).
import { z } from 'zod';

type IssueCode = z.core.$ZodIssue['code'];
type Words = string | Partial<Record<IssueCode, string | undefined>>;

/**
 * A refinement (for `.superRefine`) that refuses a value when `wire` refuses `read(value)`: in `words` when it is one
 * sentence, else in the words given for the wire issue's code, else in the wire's own message.
 */
export function wireRule<T>(wire: z.ZodType, words: Words, read: (value: T) => unknown = (value) => value) {
  return (value: T, context: z.RefinementCtx<T>) => {
    const result = wire.safeParse(read(value));
    if (result.success) return;
    const issue = result.error.issues[0];
    const message = typeof words === 'string' ? words : ((issue && words[issue.code]) ?? issue?.message);
    context.addIssue({ code: 'custom', message, input: value });
  };
}

/** Text a person types, trimmed (form-only: spaces around it are never meant), held to `wire` as wireRule says. */
export function wireText(wire: z.ZodType, words: Words, read?: (text: string) => unknown) {
  return z
    .string()
    .trim()
    .superRefine(wireRule(wire, words, read));
}

/** For `read`: an empty field sends nothing, so it is judged as absent (the wire refuses an empty optional text). */
export const noneIfEmpty = (text: string) => (text === '' ? undefined : text);
