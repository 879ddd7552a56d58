// Owns rendering the little Markdown the API descriptions use: paragraphs, "- " lists, `code` and **bold**.
import type { ReactNode } from 'react';

function inline(text: string, keyPrefix: string): ReactNode[] {
  // Split keeps the delimiters: odd pieces are `code` or **bold**.
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).map((piece, index) => {
    const key = `${keyPrefix}-${index}`;
    if (piece.startsWith('`') && piece.endsWith('`') && piece.length > 1) {
      return (
        <code key={key} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
          {piece.slice(1, -1)}
        </code>
      );
    }
    if (piece.startsWith('**') && piece.endsWith('**') && piece.length > 3) {
      return (
        <strong key={key} className="font-semibold text-slate-900">
          {piece.slice(2, -2)}
        </strong>
      );
    }
    return piece;
  });
}

export function InlineMarkdown({ text }: { text: string }) {
  return <>{inline(text, 'i')}</>;
}

/** Groups "- " items, folding indented continuation lines into the item above. */
function listItems(lines: string[]): string[] | undefined {
  if (!lines[0]?.startsWith('- ')) return undefined;
  const items: string[] = [];
  for (const line of lines) {
    if (line.startsWith('- ')) items.push(line.slice(2));
    else if (/^\s+\S/.test(line) && items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
    else return undefined;
  }
  return items;
}

export function Markdown({ text, className = '' }: { text: string; className?: string }) {
  const blocks = text.split(/\n{2,}/).filter((block) => block.trim().length > 0);
  return (
    <div className={`space-y-2 text-sm leading-6 text-slate-700 ${className}`}>
      {blocks.map((block, index) => {
        const key = `b-${index}`;
        const [first = '', ...rest] = block.split('\n');
        if (first.startsWith('## ')) {
          return (
            <div key={key} className="space-y-2 pt-2">
              <h3 className="text-sm font-semibold text-slate-900">{first.slice(3)}</h3>
              {rest.length > 0 ? <Markdown text={rest.join('\n')} /> : null}
            </div>
          );
        }
        const lines = [first, ...rest];
        const items = listItems(lines);
        if (items) {
          return (
            <ul key={key} className="list-disc space-y-1 pl-5">
              {items.map((item, position) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                <li key={position}>{inline(item, `${key}-${position}`)}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{inline(lines.join(' '), key)}</p>;
      })}
    </div>
  );
}
