import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './markup';

describe('escapeMarkup', () => {
  it('replaces the five characters that end an element or an attribute, and nothing else', () => {
    expect(escapeMarkup(`Tom & Jerry <Payments> "Ltd" 'TH'`)).toBe(
      'Tom &amp; Jerry &lt;Payments&gt; &quot;Ltd&quot; &#39;TH&#39;',
    );
    expect(escapeMarkup('ธนาคารกสิกรไทย 1,500.50')).toBe('ธนาคารกสิกรไทย 1,500.50');
  });
});
