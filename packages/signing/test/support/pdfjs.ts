/** What pdf.js (the web viewer's engine, pdfjs-dist) makes of a page's annotations: their data and drawing operators. */
export interface PdfjsAnnotation {
  subtype: string;
  fieldType?: string;
  fieldName?: string;
  hasAppearance: boolean;
  hidden?: boolean;
  /** Operator names drawn between beginAnnotation and endAnnotation when the page is rendered with annotations. */
  ops: string[];
}

export async function pdfjsAnnotations(pdf: Uint8Array, pageNumber = 1): Promise<PdfjsAnnotation[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  try {
    const page = await doc.getPage(pageNumber);
    const annotations = (await page.getAnnotations()) as Array<Record<string, unknown>>;
    const list = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.ENABLE });
    const names = new Map(Object.entries(pdfjs.OPS).map(([k, v]) => [v as number, k]));
    const drawn = new Map<string, string[]>();
    let current: string[] | undefined;
    list.fnArray.forEach((fn: number, i: number) => {
      const op = names.get(fn)!;
      if (op === 'beginAnnotation') drawn.set(String((list.argsArray[i] as unknown[])[0]), (current = []));
      else if (op === 'endAnnotation') current = undefined;
      else current?.push(op);
    });
    return annotations.map((a) => ({
      subtype: String(a.subtype),
      fieldType: a.fieldType as string | undefined,
      fieldName: a.fieldName as string | undefined,
      hasAppearance: !!a.hasAppearance,
      hidden: a.hidden as boolean | undefined,
      ops: drawn.get(String(a.id)) ?? [],
    }));
  } finally {
    await task.destroy();
  }
}
