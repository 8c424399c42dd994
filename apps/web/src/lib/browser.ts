// product §3: analytics events carry the browser's name. Order matters: Edge and Samsung Internet also say
// "Chrome", and every Chromium browser also says "Safari".
const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Samsung Internet', /SamsungBrowser\//],
  ['Edge', /Edg(e|A|iOS)?\//],
  ['Firefox', /(Firefox|FxiOS)\//],
  ['Chrome', /(Chrome|CriOS)\//],
  ['Safari', /Version\/[\d.]+.*Safari\//],
];

export function browserName(userAgent: string): string {
  const match = BROWSERS.find(([, pattern]) => pattern.test(userAgent));
  return match ? match[0] : 'Other';
}
