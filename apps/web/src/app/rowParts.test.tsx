import { ActionIcon, MantineProvider, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CELL_CLASS, ROW_PROPS, RowIcon } from '../components/ui/table/rowParts';
import { theme } from './theme';

const html = (node: ReactNode) => renderToString(<MantineProvider theme={theme}>{node}</MantineProvider>);
/** the first element of `tag` in some markup: its attributes, sorted (the order differs, the look does not) */
function attrsOf(markup: string, tag: string): string[] {
  const m = new RegExp(`<${tag}([^>]*)>`).exec(markup);
  if (!m) throw new Error(`no <${tag}> in ${markup}`);
  return [...m[1].matchAll(/([\w-]+)(?:="([^"]*)")?/g)]
    .map(([, k, v]) => (k === 'class' ? `class=${(v ?? '').split(' ').sort().join(' ')}` : k === 'style' ? `style=${(v ?? '').split(';').filter(Boolean).sort().join(';')}` : `${k}=${v ?? ''}`))
    .sort();
}

describe('the rows’ plain parts look as Mantine’s', () => {
  const table = (row: ReactNode) => html(<Table striped highlightOnHover withTableBorder><Table.Tbody>{row}</Table.Tbody></Table>);

  it('a row and a cell as Table.Tr and Table.Td of PagedRows’ table', () => {
    const mantine = table(<Table.Tr><Table.Td>x</Table.Td></Table.Tr>);
    const plain = table(<tr {...ROW_PROPS}><td className={CELL_CLASS}>x</td></tr>);
    expect(attrsOf(plain, 'tr')).toEqual(attrsOf(mantine, 'tr'));
    expect(attrsOf(plain, 'td')).toEqual(attrsOf(mantine, 'td'));
  });

  it.each([[undefined, false, undefined], ['red', false, undefined], [undefined, true, undefined], ['gray', false, 'sm']] as const)('an icon button as a subtle ActionIcon (color %s, disabled %s, size %s)', (color, disabled, size) => {
    const mantine = html(<ActionIcon variant="subtle" color={color} disabled={disabled} size={size} aria-label="Edit x" data-testid="t"><b /></ActionIcon>);
    const plain = html(<RowIcon label="Edit" name="Edit x" color={color} disabled={disabled} size={size} testId="t" onClick={() => undefined}><b /></RowIcon>);
    expect(attrsOf(plain, 'button').filter((a) => !a.startsWith('data-tip'))).toEqual(attrsOf(mantine, 'button'));
    expect(attrsOf(plain, 'span')).toEqual(attrsOf(mantine, 'span'));
  });
});
