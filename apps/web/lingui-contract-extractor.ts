import type { ExtractorType } from '@lingui/conf';
import { FORMAT_MESSAGES } from '@konek/contract/formats';
import { JOURNEY_STEPS, ROUTES } from '@konek/contract/routes';
import * as validation from '@konek/contract/validation';

// The contract keeps the words it shares with the API as plain English (ADR 027): route titles, the
// journey's step names, the validation table's messages and the words dates are written in (ADR 083). The web shows them through the catalogue
// with the English text as the id, so this extractor lists them from the contract's own values rather
// than asking the contract to mark them for a web tool.

const CONTRACT_MESSAGES: Record<string, () => readonly string[]> = {
  'formats.ts': () => FORMAT_MESSAGES,
  'routes.ts': () => [...JOURNEY_STEPS, ...ROUTES.map((route) => route.title)],
  'validation.ts': () =>
    Object.entries(validation)
      .filter(([name, value]) => name.startsWith('MESSAGE_') && typeof value === 'string')
      .map(([, value]) => String(value)),
};

const contractFile = (filename: string): string | undefined => {
  const match = /packages[\\/]contract[\\/]src[\\/]([^\\/]+)$/.exec(filename);
  return match?.[1] !== undefined && match[1] in CONTRACT_MESSAGES ? match[1] : undefined;
};

export const contractExtractor: ExtractorType = {
  match: (filename) => contractFile(filename) !== undefined,
  extract(filename, _code, onMessageExtracted) {
    const file = contractFile(filename);
    if (file === undefined) return;
    for (const id of new Set(CONTRACT_MESSAGES[file]!())) {
      onMessageExtracted({ id, message: id, origin: [`packages/contract/src/${file}`, 0] });
    }
  },
};
