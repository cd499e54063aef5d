/** Text of a PDF, page by page, with unpdf's bundle of pdf.js (loaded only when a PDF is met; no native code). */

interface TextItemLike {
  readonly str?: string;
  readonly hasEOL?: boolean;
}

export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  const document = await getDocumentProxy(new Uint8Array(bytes), {
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  });
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(joinItems(content.items as readonly TextItemLike[]));
    }
    return pages.join('\n\n').trim();
  } finally {
    await document.destroy();
  }
}

function joinItems(items: readonly TextItemLike[]): string {
  let text = '';
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text.replace(/[ \t]+\n/g, '\n').trim();
}
