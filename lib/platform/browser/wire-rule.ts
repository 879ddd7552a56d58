// Owns holding a form field to the API's own rule for it, so a rule the server enforces is written once (in the area's
// contract) and a form only words it for a person. The form keeps the shape a person types (strings, empty fields);
// the field is refused when the operation's wire schema would refuse what it hands on.
import type { z } from 'zod';

type IssueCode = z.core.$ZodIssue['code'];

/**
 * A refinement (for `.superRefine`) that refuses a value when `wire` refuses `read(value)`: in `words` when it is one
 * sentence, else in the words given for the wire issue's code, else in the wire's own message.
 */
export function wireRule<T>(
  wire: z.ZodType,
  words: string | Partial<Record<IssueCode, string>>,
  read: (value: T) => unknown = (value) => value,
) {
  return (value: T, context: z.RefinementCtx<T>) => {
    const result = wire.safeParse(read(value));
    if (result.success) return;
    const issue = result.error.issues[0];
    const message = typeof words === 'string' ? words : ((issue && words[issue.code]) ?? issue?.message);
    context.addIssue({ code: 'custom', message, input: value });
  };
}
