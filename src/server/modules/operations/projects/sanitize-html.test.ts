import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

/** What the introduction editor (Mantine RichTextEditor on tiptap) writes, control by control. */
const EDITOR_OUTPUT = [
  '<p>Plain paragraph with <strong>bold</strong>, <em>italic</em>, <u>underline</u> and <s>strike</s>.</p>',
  '<h2>Heading two</h2><h3 style="text-align: center">Centred heading three</h3>',
  '<p style="text-align: right">Right</p><p style="text-align: justify;">Justified (as jsdom writes it)</p>',
  '<ul><li><p>First</p></li><li><p><strong>Second</strong></p></li></ul><ol><li><p>One</p><ul><li><p>Nested</p></li></ul></li></ol>',
  '<blockquote><p>Quoted words</p></blockquote>',
  '<p><a rel="noopener noreferrer nofollow" href="https://example.com/shows"><strong>same window</strong></a> and <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">new window</a> and <a rel="noopener noreferrer nofollow" href="mailto:info@example.com">mail</a></p>',
  '<p>Line one<br>line two</p><p></p><hr><p>After a rule, a picture <img src="/api/oss/file/download/12" alt="plan"> in the text</p>',
  '<p>Entities &amp; spaces: a&nbsp;b &lt;tag&gt; "quotes" \'single\'</p>',
  '<p>中文介绍：<strong>西湖音乐喷泉</strong>位于杭州。</p>',
  '<ul><li><p><a rel="noopener noreferrer nofollow" href="https://example.com/shows"><strong>湖面音乐喷泉每晚演出</strong></a></p></li></ul>',
  '<p><img src="/api/oss/file/download/31" alt="pool.png"><img src="/custom-prefix/oss/file/thumb/32" alt="thumb"></p>',
  '<table><tbody><tr><th colspan="2">Show times</th></tr><tr><td>Weekdays</td><td rowspan="1">19:30</td></tr></tbody></table>',
  '<table><colgroup><col><col></colgroup><tbody><tr><th colspan="1" rowspan="1"><p>Show</p></th><th colspan="1" rowspan="1"><p>Time</p></th></tr><tr><td colspan="1" rowspan="1"><p>Weekdays</p></td><td colspan="1" rowspan="1"><p>19:30</p></td></tr></tbody></table>',
];

describe('introduction HTML sanitiser', () => {
  it.each(EDITOR_OUTPUT)('keeps what the editor writes unchanged: %s', (html) => {
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps the whole of a typical introduction unchanged', () => {
    const html = EDITOR_OUTPUT.join('');
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['script elements, with their content', '<p>a<script>alert(1)</script>b</p><script src="https://evil.example/x.js"></script>', '<p>ab</p>'],
    ['event handlers', '<p onclick="steal()" onmouseover="x()">text</p><img src="/api/oss/file/download/5" onerror="alert(1)">', '<p>text</p><img src="/api/oss/file/download/5">'],
    ['the editor\'s column widths on a table (a style other than alignment)', '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"></colgroup><tbody><tr><td colspan="1" rowspan="1"><p>x</p></td></tr></tbody></table>', '<table><colgroup><col></colgroup><tbody><tr><td colspan="1" rowspan="1"><p>x</p></td></tr></tbody></table>'],
    ['pictures from anywhere but our stored files', '<img src="https://tracker.example/p.gif"><img src="/x.png"><img src="/api/oss/file/download/5/../../x"><img src="//cdn.example/oss/file/download/5">', ''],
    ['pictures whose only source is unsafe', '<img src=x onerror=alert(1)><img src="javascript:alert(1)"><img src="data:image/png;base64,AAAA">', ''],
    ['javascript: links, however written', '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="java&#x09;script:alert(1)">c</a><a href="&#106;avascript:alert(1)">d</a>', '<a>a</a><a>b</a><a>c</a><a>d</a>'],
    ['data:, vbscript: and protocol-relative links', '<a href="data:text/html,<script>alert(1)</script>">a</a><a href="vbscript:msgbox(1)">b</a><a href="//evil.example">c</a>', '<a>a</a><a>b</a><a>c</a>'],
    ['style other than alignment', '<p style="background:url(javascript:alert(1))">a</p><p style="position:fixed;inset:0">b</p><h2 style="color:red;text-align:center">c</h2><p style="text-align: center; expression(alert(1))">d</p>', '<p>a</p><p>b</p><h2>c</h2><p>d</p>'],
    ['style and link elements', '<style>body{display:none}</style><link rel="stylesheet" href="https://evil.example/x.css"><p>kept</p>', '<p>kept</p>'],
    ['classes and ids that could restyle the page', '<p class="mantine-Modal-overlay" id="root">x</p>', '<p>x</p>'],
    ['embedded documents and forms', '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><form action="https://evil.example"><input name="p"><button>Go</button></form><p>ok</p>', '<p>ok</p>'],
    ['svg and math with their scripts', '<svg><script>alert(1)</script><a href="javascript:alert(1)">x</a></svg><math><mi xlink:href="javascript:alert(1)">y</mi></math><p>ok</p>', '<p>ok</p>'],
    ['comments and unknown tags (their text stays)', '<!-- <script>alert(1)</script> --><marquee>moving</marquee><font color="red">red</font>', 'movingred'],
    ['a target other than a new window, and unsafe rel values', '<a href="https://example.com" target="_top" rel="opener">x</a><a href="https://example.com" target="_blank" rel="opener">y</a>', '<a href="https://example.com">x</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">y</a>'],
    ['markup smuggled through attribute values', '<a href="https://example.com/&quot;><script>alert(1)</script>" title="&quot;onmouseover=&quot;alert(1)">x</a>', '<a href="https://example.com/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" title="&quot;onmouseover=&quot;alert(1)">x</a>'],
  ])('removes %s', (_what, input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });

  it('is stable: sanitising twice changes nothing more', () => {
    const dirty = '<p onclick="x()" style="text-align:center">a<script>b</script><a href="https://e.example" target="_blank">c</a>&nbsp;</p>';
    const once = sanitizeHtml(dirty);
    expect(once).toBe('<p style="text-align:center">a<a href="https://e.example" target="_blank" rel="noopener noreferrer">c</a>&nbsp;</p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});
