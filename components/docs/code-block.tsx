// Owns how code and example bodies are shown in the docs: a dark, horizontally scrolling block with a label.
export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      {label ? (
        <figcaption className="border-b border-slate-800 px-4 py-1.5 font-mono text-xs text-slate-400">
          {label}
        </figcaption>
      ) : null}
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must take focus so keyboards can scroll it (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto px-4 py-3 font-mono text-xs leading-5 text-slate-100"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

export function JsonBlock({ value, label }: { value: unknown; label?: string }) {
  return <CodeBlock code={JSON.stringify(value, null, 2)} label={label} />;
}
