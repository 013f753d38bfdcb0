import { logoSourceProblem, uiTemplateNameProblem } from './ui-template-rules';

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe(uiTemplateNameProblem.name, () => {
  it.each([
    'Kanton Zürich',
    'sp ace.x',
    'a/b',
    '/',
    '...',
    '.hidden',
    '~tilde',
    '100%',
    '%2F',
    'a+b',
    'a?b#c',
    "O'Brien & Söhne; <b>",
    'Genève – Région',
    '😀 Smile',
    ' leading and trailing ',
    'n'.repeat(100),
    '😀'.repeat(100),
  ])('accepts %j', (name) => {
    expect(uiTemplateNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'must be 1..100 characters long (it has 0)'],
    ['n'.repeat(101), 'must be 1..100 characters long (it has 101)'],
    ['😀'.repeat(101), 'must be 1..100 characters long (it has 101)'],
    ['a\u0000b', 'must not contain control characters (U+0000 at character 2)'],
    ['tab\there', 'must not contain control characters (U+0009 at character 4)'],
    ['line\nbreak', 'must not contain control characters (U+000A at character 5)'],
    ['😀\u001F', 'must not contain control characters (U+001F at character 2)'],
    ['del\u007F', 'must not contain control characters (U+007F at character 4)'],
    ['c1\u0085', 'must not contain control characters (U+0085 at character 3)'],
    ['c1\u009F', 'must not contain control characters (U+009F at character 3)'],
    ['.', "cannot be '.': URL clients resolve it as a dot segment"],
    ['..', "cannot be '..': URL clients resolve it as a dot segment"],
  ])('refuses %j: %s', (name, reason) => {
    expect(uiTemplateNameProblem(name)).toContain(reason);
  });

  it('counts characters as PostgreSQL does (code points), not UTF-16 units', () => {
    // 100 emoji are 200 UTF-16 code units and fit a varchar(100).
    expect('😀'.repeat(100)).toHaveLength(200);
    expect(uiTemplateNameProblem('😀'.repeat(100))).toBeUndefined();
    // A variation selector is a code point of its own: 50 × (U+2764 U+FE0F) is 100 characters.
    expect(uiTemplateNameProblem('\u2764\uFE0F'.repeat(50))).toBeUndefined();
    expect(uiTemplateNameProblem('\u2764\uFE0F'.repeat(51))).toContain('(it has 102)');
  });

  it('accepts characters next to the control ranges', () => {
    expect(uiTemplateNameProblem(' ~\u00A0\u00FF\u2028')).toBeUndefined();
  });
});

describe(logoSourceProblem.name, () => {
  it.each([
    // http(s) URLs
    'https://cdn.example.ch/logo.svg',
    'http://localhost:4200/assets/logo.png',
    'HTTPS://CDN.EXAMPLE.CH/Logo.SVG',
    'https://cdn.example.ch/logo.svg?v=2#top',
    'https://[2001:db8::1]/logo.png',
    'https://cdn.example.ch/Kanton Zürich.svg',
    // data URIs
    `data:image/png;base64,${PNG_1X1}`,
    'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==',
    'data:image/webp;base64,UklGRhoAAABXRUJQ',
    'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/>",
    'data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
    "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'/>",
    `DATA:IMAGE/PNG;BASE64,${PNG_1X1}`,
    // relative paths
    'logo.svg',
    'assets/img/logo.png',
    '/static/logo.png',
    './logo.svg',
    '../shared/logo.svg',
    '/',
    'logos/Kanton Zürich.svg',
    'logo.svg?v=3',
    'assets/img:large/logo.png',
    // the longest
    `/${'a'.repeat(2047)}`,
  ])('accepts %j', (source) => {
    expect(logoSourceProblem(source)).toBeUndefined();
  });

  it.each([
    ['', 'must be 1..2048 characters long (it has 0)'],
    [`/${'a'.repeat(2048)}`, 'must be 1..2048 characters long (it has 2049)'],
    ['javascript:alert(1)', "must not use the scheme 'javascript:'"],
    ['JavaScript:alert(1)', "must not use the scheme 'javascript:'"],
    ['JAVASCRIPT:alert(1)', "must not use the scheme 'javascript:'"],
    [' javascript:alert(1)', 'must not begin or end with whitespace'],
    ['\u00A0javascript:alert(1)', 'must not begin or end with whitespace'],
    ['\tjavascript:alert(1)', 'must not contain control characters (U+0009 at character 1)'],
    ['java\nscript:alert(1)', 'must not contain control characters (U+000A at character 5)'],
    ['\u0001javascript:alert(1)', 'must not contain control characters (U+0001 at character 1)'],
    ['vbscript:msgbox(1)', "must not use the scheme 'vbscript:'"],
    ['file:///etc/passwd', "must not use the scheme 'file:'"],
    ['ftp://example.ch/logo.png', "must not use the scheme 'ftp:'"],
    ['blob:https://example.ch/1234', "must not use the scheme 'blob:'"],
    ['mailto:x@example.ch', "must not use the scheme 'mailto:'"],
    ['C:\\logos\\logo.png', "must not use the scheme 'c:'"],
    ['logo.svg ', 'must not begin or end with whitespace'],
    ['logo.svg\u0085', 'must not contain control characters (U+0085 at character 9)'],
    ['data:text/html,<script>alert(1)</script>', 'data URI of an image'],
    ['data:text/html;base64,PHNjcmlwdD4=', '(media type: text/html)'],
    ['data:image/gif;base64,R0lGODlhAQABAAAAACw=', '(media type: image/gif)'],
    ['data:image/svg+xml;base64;charset=utf-8,PHN2Zz4=', 'data URI of an image'],
    ['data:,hello', '(media type: none)'],
    [
      `${'j'.repeat(2000)}:x`,
      `must not use the scheme '${'j'.repeat(200)}…' (the first 200 of 2001 characters)`,
    ],
    [`data:${'t'.repeat(2000)},x`, `(media type: ${'t'.repeat(200)}… (the first 200 of 2000 characters))`],
    ['data:image/png;base64,', 'must hold data after the comma'],
    ['data:image/png,', 'must hold data after the comma'],
    ['data:image/png;base64,not base64!', 'must hold valid base64'],
    ['data:image/png;base64,abc', 'a multiple of 4 characters'],
    ['http:cdn.example.ch/logo.svg', 'must be an absolute http(s) URL'],
    ['https:\\\\evil.example\\logo.svg', 'must be an absolute http(s) URL'],
    ['https://', 'must be a valid http(s) URL'],
    ['https://exa mple.ch/logo.svg', 'must be a valid http(s) URL'],
    ['https://user:secret@cdn.example.ch/logo.svg', 'must not carry credentials'],
    ['https://trusted.example.ch@evil.example/logo.svg', 'must not carry credentials'],
    ['//evil.example/logo.svg', 'must not start with //'],
    ['/\\evil.example/logo.svg', "must not contain '\\'"],
    ['assets\\logo.png', "must not contain '\\'"],
    ['#logo', 'must be a path to an image'],
    ['?logo=1', 'must be a path to an image'],
  ])('refuses %j: %s', (source, reason) => {
    expect(logoSourceProblem(source)).toContain(reason);
  });
});
