// ph-address embeds its data as RFC 4180-style CSV: fields are quoted only when they hold a comma
// ("Agapito Yap, Sr."), and a doubled quote inside quotes is a literal quote.
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let isQuoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (character === '"') {
      if (isQuoted && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else {
        isQuoted = !isQuoted;
      }
    } else if (character === ',' && !isQuoted) {
      fields.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  fields.push(current);
  return fields;
}

/** Parses CSV text with a header line into one record per non-empty line, keyed by header name. */
export function parseCsv(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/);
  const header = parseCsvLine(lines[0] ?? '');
  const records: Record<string, string>[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const fields = parseCsvLine(line);
    const record: Record<string, string> = {};
    header.forEach((column, index) => {
      record[column] = fields[index] ?? '';
    });
    records.push(record);
  }
  return records;
}
