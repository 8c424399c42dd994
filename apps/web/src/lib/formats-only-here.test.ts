import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// ADR 083: `npm run lint` refuses a date or a number formatted anywhere but the one module. This holds
// the lint rule itself to that: code that formats on its own is refused, in a screen, in lib/, in ui/
// and on the operators' page; writing through lib/formats is not.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: ROOT });

async function refusals(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) =>
      ['no-restricted-syntax', 'no-restricted-imports'].includes(message.ruleId ?? ''),
    )
    .map((message) => message.message);
}

describe('the lint rule that keeps one way to read a date and a number', () => {
  it.each([
    [
      "export const a = new Intl.DateTimeFormat('en-PH', { month: 'long' });",
      'apps/web/src/features/pay/a.ts',
    ],
    ["export const a = Intl.NumberFormat('en-PH').format(1499);", 'apps/web/src/ui/a.ts'],
    ['export const a = new Date().toLocaleDateString();', 'apps/web/src/lib/a.ts'],
    ['export const a = (n: number) => n.toLocaleString();', 'apps/web/src/ops/a.ts'],
    ["export const a = new Date().toLocaleTimeString('en-PH');", 'apps/web/src/app/a.ts'],
    [
      "import { i18n } from '../../i18n/i18n';\nexport const a = i18n.date(new Date());",
      'apps/web/src/features/track/a.ts',
    ],
    ["export const a = new Intl.RelativeTimeFormat('en');", 'packages/contract/src/a.ts'],
    [
      "import { dayText } from '@konek/contract/formats';\nexport const a = dayText('2026-12-09');",
      'apps/web/src/features/schedule/a.ts',
    ],
    [
      "import { format } from 'date-fns';\nexport const a = format(new Date(), 'PPP');",
      'apps/web/src/features/health/a.ts',
    ],
  ])('refuses %s in %s', async (code, file) => {
    expect(await refusals(code, file)).toHaveLength(1);
  });

  it.each([
    [
      "import { dayText } from '../../lib/formats';\nexport const a = dayText('2026-12-09');",
      'apps/web/src/features/schedule/a.ts',
    ],
    [
      "import { dayText } from '@konek/contract/formats';\nexport const a = dayText('2026-12-09');",
      'apps/web/src/ops/a.ts',
    ],
    ["export const a = new Intl.PluralRules('en');", 'apps/web/src/i18n/a.ts'],
  ])('lets %s be in %s', async (code, file) => {
    expect(await refusals(code, file)).toEqual([]);
  });
});
