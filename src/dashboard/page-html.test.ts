import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DashboardError } from './dashboard-error.js';
import { escapeHtml, jsonForScriptElement, servedPageHtml, staticPageHtml } from './page-html.js';

describe('jsonForScriptElement', () => {
  it('cannot close the script element or open a comment, and reads back the same value', () => {
    const value = { text: '</script><script>alert(1)</script><!-- & \u2028 >', n: [1, 2] };
    const encoded = jsonForScriptElement(value);
    expect(encoded).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(encoded)).toEqual(value);
  });

  it('escapes a run whose answers hold more markup characters than one regular expression match list can', () => {
    // 68 million `<` (as a 600-case run of markup-heavy answers holds): one replace over the whole JSON ended
    // the process (V8's fixed array limit, 2^27 entries, two per match).
    const encoded = jsonForScriptElement('<'.repeat(68_000_000));
    expect(encoded.length).toBe(2 + 68_000_000 * 6);
    expect(encoded.slice(0, 13)).toBe('"\\u003c\\u003c');
    expect(encoded.indexOf('<')).toBe(-1);
    // Its 400 MB of output take seconds to build, many more on a machine busy with other tests.
  }, 120_000);

  it('escapes the same across the slices it works in', () => {
    const value = { text: `${'a'.repeat((1 << 20) - 3)}</script>&\u2028${'b'.repeat(1 << 20)}<` };
    const encoded = jsonForScriptElement(value);
    expect(encoded).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(encoded)).toEqual(value);
  });
});

describe('escapeHtml', () => {
  it('escapes markup characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('page HTML', () => {
  it('links the stylesheets in the given order before the entry module', () => {
    const html = servedPageHtml(['base.css', 'views.css']);
    expect(html.indexOf('/assets/base.css')).toBeLessThan(html.indexOf('/assets/views.css'));
    expect(html).toContain('<div id="app"></div>');
  });

  it('inlines script, style and data in one file whose policy allows exactly them', () => {
    const html = staticPageHtml({ title: 'Run <1>', css: 'body{}', script: 'run();', data: { a: '</script>' } });
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(html).toContain(`script-src &#39;sha256-${hash}&#39;`);
    expect(html).toContain('<title>Run &lt;1&gt;</title>');
    const data = /<script type="application\/json" id="holodeck-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(data)).toEqual({ a: '</script>' });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('refuses CSS that would close its style element', () => {
    expect(() => staticPageHtml({ title: '', css: '</style>', script: '', data: null })).toThrowError(DashboardError);
  });
});
