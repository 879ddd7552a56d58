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

export function Markdown({ text, className = '' }: { text: string; className?: string }) {
  const blocks = text.split(/\n{2,}/).filter((block) => block.trim().length > 0);
  return (
    <div className={`space-y-2 text-sm leading-6 text-slate-700 ${className}`}>
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        const key = `b-${index}`;
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <ul key={key} className="list-disc space-y-1 pl-5">
              {lines.map((line, item) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                <li key={item}>{inline(line.slice(2), `${key}-${item}`)}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{inline(lines.join(' '), key)}</p>;
      })}
    </div>
  );
}
