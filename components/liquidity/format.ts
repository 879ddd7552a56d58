// Owns how liquidity pages show amounts, sizes and times (strings in, strings out; never a JS number for money).

/** Thousands separators without ever turning the amount into a number. */
export function groupAmount(amount: string): string {
  const [whole = '0', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** `2026-11-23 14:05 UTC`: one unambiguous form for every time on the page. */
export function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function shorten(value: string, keep = 8): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}
