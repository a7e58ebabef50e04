// The vision model's component readings and text corrections: strict parsing of its answers
// (wrong shapes, dangling edges, oversized or invented text refused) and the HTML and Mermaid
// written from them with every text escaped.
import { describe, expect, it } from 'vitest';
import { htmlTable, mermaidText, readingGrounding, analyzedTableGrounding } from '../../src/extractors/baseline-render.js';
import { parseComponentReading, parseCorrections, ProviderError, type ChatModel } from '../../src/providers/llm/index.js';

const model: ChatModel = { provider: 'openai', model: 'test-vlm', vision: true, complete: () => Promise.reject(new Error('not called')) };
const read = (type: Parameters<typeof parseComponentReading>[1], answer: unknown) =>
  parseComponentReading(model, type, typeof answer === 'string' ? answer : JSON.stringify(answer));

describe('vision-model component readings', () => {
  it('reads a table grid (fenced, with reasoning) into escaped HTML, padding short rows', () => {
    const r = read('table', '<think>hmm</think>```json\n{"header_rows": 1, "rows": [["A<b>", "B"], ["1 & 2"]]}\n```');
    expect(readingGrounding(r)).toEqual({
      html_table: '<table><thead><tr><th>A&lt;b&gt;</th><th>B</th></tr></thead><tbody><tr><td>1 &amp; 2</td><td></td></tr></tbody></table>',
      rows: 2,
      cols: 2,
      header_rows: 1,
    });
  });

  it('reads a chart data table with numbers in data units', () => {
    const r = read('chart', { chart_type: 'bar', title: 'Sales', columns: ['year', 'north', 'south'], rows: [['2020', 1.5, '2,000'], ['2021', null, -3]] });
    expect(readingGrounding(r)).toMatchObject({ chart_type: 'bar', title: 'Sales', data: { columns: ['year', 'north', 'south'], rows: [['2020', 1.5, 2000], ['2021', null, -3]] } });
  });

  it('writes Mermaid with stable ids and escaped labels, directed or not', () => {
    const r = read('diagram', { direction: 'LR', nodes: [{ id: 7, text: 'Web | "api"' }, { id: 'db', text: '<DB>#1', shape: 'connector' }], edges: [{ source: 7, target: 'db', label: 'sql' }] });
    expect(readingGrounding(r).mermaid).toBe(['flowchart LR', '    n1("Web #124; #quot;api#quot;")', '    n2(("#lt;DB#gt;#35;1"))', '    n1 ---|"sql"| n2'].join('\n'));
    expect(mermaidText('a"b')).toBe('a#quot;b');
    const tree = read('mindmap', { root: { text: 'Plant', children: [{ text: 'Pumps', children: [{ text: 'P-101' }] }, { text: 'Valves' }] } });
    expect(readingGrounding(tree).mermaid).toBe(['mindmap', '  n1(("Plant"))', '    n2["Pumps"]', '      n3["P-101"]', '    n4["Valves"]'].join('\n'));
  });

  it('refuses answers that are not the reading asked for', () => {
    const bad: Array<[Parameters<typeof parseComponentReading>[1], unknown, RegExp]> = [
      ['table', 'I think it is a table of pumps.', /not a JSON object/],
      ['table', { rows: [] }, /rows is not a non-empty array/],
      ['table', { rows: [['a']], header_rows: 3 }, /header_rows/],
      ['chart', { columns: ['x', 'y'], rows: [['a', 'twelve']] }, /not a number/],
      ['chart', { columns: ['x', 'y'], rows: [['a']] }, /one value per column/],
      ['flowchart', { nodes: [{ id: 'a', text: 'A' }], edges: [{ source: 'a', target: 'b' }] }, /not listed/],
      ['flowchart', { nodes: [{ id: 'a', text: 'A' }, { id: 'a', text: 'B' }] }, /repeated/],
      ['flowchart', { direction: 'up', nodes: [{ id: 'a', text: 'A' }] }, /direction/],
      ['mindmap', { root: { text: '' } }, /no text/],
      ['table', { rows: [['x'.repeat(2001)]] }, /longer than 2000/],
    ];
    for (const [type, answer, why] of bad) {
      const err = (() => {
        try {
          read(type, answer);
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(err, JSON.stringify(answer).slice(0, 80)).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).code).toBe('bad_response');
      expect((err as ProviderError).message).toMatch(why);
    }
  });
});

describe('text corrections', () => {
  const texts = ['Pump', 'Worn', '1,2OO'];
  it('keeps only real changes of strings that were asked about', () => {
    expect([...parseCorrections(model, JSON.stringify({ corrections: [{ id: 2, text: '1,200' }, { id: 0, text: 'Pump' }] }), texts)]).toEqual([[2, '1,200']]);
    expect(parseCorrections(model, '{"corrections": []}', texts).size).toBe(0);
  });
  it('refuses unknown ids, wrong shapes and added content', () => {
    expect(() => parseCorrections(model, '{"corrections": [{"id": 9, "text": "x"}]}', texts)).toThrow(/id 9 was not asked about/);
    expect(() => parseCorrections(model, '{"fixes": []}', texts)).toThrow(/no "corrections" array/);
    expect(() => parseCorrections(model, '{"corrections": [{"id": "1", "text": "x"}]}', texts)).toThrow(/not \{"id": integer/);
    expect(() => parseCorrections(model, JSON.stringify({ corrections: [{ id: 1, text: 'Worn out, replace before the next inspection' }] }), texts)).toThrow(/much longer/);
  });
});

describe('service tables', () => {
  it('keep spans and header cells', () => {
    const g = analyzedTableGrounding({
      rows: 2,
      cols: 2,
      cells: [
        { row: 0, col: 0, rowSpan: 1, colSpan: 2, text: 'Both', header: true },
        { row: 1, col: 0, rowSpan: 1, colSpan: 1, text: 'Row', header: true },
        { row: 1, col: 1, rowSpan: 1, colSpan: 1, text: '5', header: false },
      ],
    });
    expect(g).toEqual({ html_table: '<table><thead><tr><th colspan="2">Both</th></tr></thead><tbody><tr><th>Row</th><td>5</td></tr></tbody></table>', rows: 2, cols: 2, header_rows: 1 });
    expect(htmlTable([[{ text: 'x', header: false }]], 0)).toBe('<table><tbody><tr><td>x</td></tr></tbody></table>');
  });
});
