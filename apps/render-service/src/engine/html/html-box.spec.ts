import { applyBoxes, boxLength, type BoxSpec, points } from './html-box';

type Node = Record<string, any>;

const one = (node: Node, spec: BoxSpec): Node => (applyBoxes([{ ...node, _cssBox: 0 }], [spec]) as Node[])[0];

describe(points.name, () => {
  it.each([
    ['12pt', 12],
    ['8px', 6],
    ['1in', 72],
    ['2.54cm', 72],
    ['25.4mm', 72],
    ['1pc', 12],
    ['1em', 12],
    ['4', 4],
    ['-1mm', -2.83],
  ])('%s is %d pt', (value, expected) => expect(points(value)).toBe(expected));

  it('knows no other unit, nor a percentage', () => {
    expect(points('1vw')).toBeUndefined();
    expect(points('10%')).toBeUndefined();
    expect(boxLength('10%')).toEqual({ percent: 10 });
    expect(boxLength('auto')).toBeUndefined();
  });
});

describe(applyBoxes.name, () => {
  it('puts a block with margin-left in % into columns, the first as wide as the margin', () => {
    expect(one({ text: 'A', margin: [0, 5, 0, 10] }, { marginLeft: { percent: 55 } })).toEqual({
      columns: [
        { width: '55%', text: '' },
        { width: '*', stack: [{ text: 'A', margin: [0, 0, 0, 0] }] },
      ],
      columnGap: 0,
      margin: [0, 5, 0, 10],
    });
  });

  it('gives a block its width and both % margins, the rest of the line empty', () => {
    expect(
      one(
        { text: 'A', marginTop: 3 },
        { width: { pt: 100 }, marginLeft: { percent: 10 }, marginRight: { percent: 5 } },
      ),
    ).toEqual({
      columns: [
        { width: '10%', text: '' },
        { width: 100, stack: [{ text: 'A', margin: [0, 0, 0, 0] }] },
        { width: '*', text: '' },
        { width: '5%', text: '' },
      ],
      columnGap: 0,
      margin: [0, 3, 0, 0],
    });
  });

  it('draws padding and each side of a border with a one-cell table whose layout answers per side', () => {
    const box = one(
      { text: 'A', background: '#eeeeee', margin: [0, 1, 0, 2] },
      {
        padding: [4, 1, 2, 3],
        border: [
          { width: 3, style: 'solid', color: 'red' },
          undefined,
          { width: 1, style: 'dotted', color: 'blue' },
          { width: 0.5, style: 'dashed', color: '#000' },
        ],
      },
    );
    expect(box['table']).toEqual({
      widths: ['*'],
      body: [[{ text: 'A', fillColor: '#eeeeee', margin: [0, 0, 0, 0] }]],
    });
    expect(box['margin']).toEqual([0, 1, 0, 2]);
    const layout = box['layout'];
    // Lines: index 0 is the top (horizontal) or left (vertical) one, 1 the bottom or right one.
    expect([layout.hLineWidth(0), layout.hLineWidth(1), layout.vLineWidth(0), layout.vLineWidth(1)]).toEqual([
      0, 0.5, 3, 1,
    ]);
    expect([layout.hLineColor(1), layout.vLineColor(0), layout.vLineColor(1)]).toEqual([
      '#000',
      'red',
      'blue',
    ]);
    expect([layout.hLineStyle(1), layout.vLineStyle(0), layout.vLineStyle(1)]).toEqual([
      { dash: { length: 1.5, space: 1 } },
      undefined,
      { dash: { length: 1, space: 1 } },
    ]);
    expect([
      layout.paddingLeft(),
      layout.paddingTop(),
      layout.paddingRight(),
      layout.paddingBottom(),
    ]).toEqual([4, 1, 2, 3]);
  });

  it('places, breaks and keeps together any node, and rebuilds boxes inside boxes', () => {
    expect(one({ text: 'A' }, { position: { x: 334.49, y: 147.4 } })).toEqual({
      text: 'A',
      absolutePosition: { x: 334.49, y: 147.4 },
    });
    expect(one({ stack: ['A'] }, { pageBreak: 'before', unbreakable: true })).toEqual({
      stack: ['A'],
      pageBreak: 'before',
      unbreakable: true,
    });
    const nested = applyBoxes(
      [{ stack: [{ text: 'B', _cssBox: 1 }], _cssBox: 0 }],
      [{ pageBreak: 'after' }, { marginLeft: { percent: 50 } }],
    ) as Node[];
    expect(nested[0]['pageBreak']).toBe('after');
    expect(nested[0]['stack'][0]['columns'][0]).toEqual({ width: '50%', text: '' });
  });

  it('takes a table mark from its table, and drops marks that name no spec', () => {
    expect(applyBoxes([{ table: { body: [['x']], _cssBox: 0 } }], [{ pageBreak: 'before' }])).toEqual([
      { table: { body: [['x']] }, pageBreak: 'before' },
    ]);
    expect(
      applyBoxes(
        [
          { text: 'A', _cssBox: 7 },
          { text: 'B', _cssBox: 'x' },
        ],
        [{}],
      ),
    ).toEqual([{ text: 'A' }, { text: 'B' }]);
  });
});
