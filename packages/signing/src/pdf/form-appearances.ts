import { editAcroForm } from './fields.ts';
import { embedFont, textWidth, type EmbeddedFont } from './font/embed.ts';
import { uprightMatrix, normaliseRotation, visibleSize } from './geometry.ts';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, asNumber, name, type PdfValue } from './objects.ts';
import { serializeNumber as num } from './serialize.ts';
import type { PdfUpdate } from './update.ts';

/**
 * /NeedAppearances true (LibreOffice writes it on every form, with empty text appearances) asks viewers to draw
 * the fields themselves; poppler then ignores every widget's /AP, signatures included, and MuPDF/Ghostscript
 * draw the empty appearances. Before the first signature, the engine draws an appearance for each text and
 * choice field from its value, completes check box / radio states that have none, and removes the flag, so every
 * viewer shows the same thing and the signatures stay valid (this happens before anything is signed).
 */
interface Widget {
  ref: PdfRef;
  dict: PdfDict;
  ft: string | undefined;
  flags: number;
  value: PdfValue | undefined;
  da: string;
  q: number;
  options: PdfValue[];
  maxLen: number | undefined;
}

const MULTILINE = 1 << 12;
const PASSWORD = 1 << 13;
const RADIO = 1 << 15;
const PUSHBUTTON = 1 << 16;
const COMBO = 1 << 17;
const COMB = 1 << 24;
const MAX_WIDGETS = 20_000;

function inheritedValue(update: PdfUpdate, field: PdfDict, key: string, acroForm: PdfDict): PdfValue | undefined {
  let node: PdfDict | undefined = field;
  for (let i = 0; node && i < update.reader.limits.maxDepth; i++) {
    if (node.has(key)) return update.reader.resolve(node.get(key));
    node = update.reader.resolveDict(node.get('Parent'));
  }
  return key === 'DA' || key === 'Q' ? update.reader.resolve(acroForm.get(key)) : undefined;
}

function collectWidgets(update: PdfUpdate, acroForm: PdfDict): Widget[] {
  const reader = update.reader;
  const out: Widget[] = [];
  const seen = new Set<number>();
  const visit = (ref: PdfValue, depth: number) => {
    if (!(ref instanceof PdfRef) || seen.has(ref.num) || depth > reader.limits.maxDepth || out.length > MAX_WIDGETS) return;
    seen.add(ref.num);
    const d = reader.resolveDict(ref);
    if (!d) return;
    const kids = reader.resolveArray(d.get('Kids'));
    for (const kid of kids) visit(kid, depth + 1);
    if (kids.length > 0 && !d.has('Rect')) return;
    if (!d.has('Rect')) return;
    const ft = inheritedValue(update, d, 'FT', acroForm);
    const da = inheritedValue(update, d, 'DA', acroForm);
    out.push({
      ref,
      dict: d,
      ft: ft instanceof PdfName ? ft.value : undefined,
      flags: asNumber(inheritedValue(update, d, 'Ff', acroForm)) ?? 0,
      value: inheritedValue(update, d, 'V', acroForm),
      da: da instanceof PdfString ? da.toText() : '',
      q: asNumber(inheritedValue(update, d, 'Q', acroForm)) ?? 0,
      options: reader.resolveArray(inheritedValue(update, d, 'Opt', acroForm)),
      maxLen: asNumber(inheritedValue(update, d, 'MaxLen', acroForm)),
    });
  };
  for (const f of reader.resolveArray(acroForm.get('Fields'))) visit(f, 0);
  return out;
}

function textOf(v: PdfValue | undefined): string {
  if (v instanceof PdfString) return v.toText();
  if (v instanceof PdfName) return v.value;
  if (Array.isArray(v)) return v.map(textOf).join(', ');
  return '';
}

/** Colour operator and font size of a /DA string ("0 0 1 rg /Helv 12 Tf"). */
function parseDa(da: string): { color: string; size: number } {
  const size = /(-?\d*\.?\d+)\s+Tf/.exec(da);
  const color = /((?:-?\d*\.?\d+\s+){1,4})(g|rg|k)\b/.exec(da);
  return { color: color ? `${color[1]!.trim()} ${color[2]}` : '0 g', size: size ? Math.abs(Number(size[1])) : 0 };
}

function colorOp(value: PdfValue | undefined, fill: boolean): string | undefined {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'number')) return undefined;
  const op = value.length === 1 ? 'g' : value.length === 3 ? 'rg' : value.length === 4 ? 'k' : undefined;
  return op ? `${value.map((v) => num(v as number)).join(' ')} ${fill ? op : op.toUpperCase()}` : undefined;
}

function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && textWidth(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/** Content of a text or choice widget's appearance, drawn in `font`. */
function textContent(w: Widget, width: number, height: number, font: EmbeddedFont, mk: PdfDict | undefined): string {
  const ops: string[] = [];
  const bg = colorOp(mk?.get('BG'), true);
  const bc = colorOp(mk?.get('BC'), false);
  if (bg) ops.push(`q ${bg} 0 0 ${num(width)} ${num(height)} re f Q`);
  if (bc) ops.push(`q ${bc} 1 w 0.5 0.5 ${num(Math.max(0, width - 1))} ${num(Math.max(0, height - 1))} re S Q`);
  const da = parseDa(w.da);
  const pad = 2;
  const inner = Math.max(1, width - 2 * pad);
  const listBox = w.ft === 'Ch' && !(w.flags & COMBO);
  let lines: string[];
  let size = da.size;
  const raw = textOf(w.value);
  if (listBox) {
    lines = w.options.map((o) => textOf(Array.isArray(o) ? o[1] : o));
    size ||= 10;
  } else if (w.flags & MULTILINE) {
    size ||= 10;
    lines = wrap(raw, size, inner);
  } else {
    const shown = w.flags & PASSWORD ? '*'.repeat([...raw].length) : raw;
    size ||= Math.max(4, Math.min(12, (height - 2 * pad) * 0.8, (inner / Math.max(0.01, textWidth(shown, 1))) * 0.98));
    lines = [shown];
  }
  ops.push('/Tx BMC', 'q', `${pad / 2} ${pad / 2} ${num(Math.max(0, width - pad))} ${num(Math.max(0, height - pad))} re W n`);
  const selected = new Set(Array.isArray(w.value) ? w.value.map(textOf) : [raw]);
  const leading = size * 1.15;
  const top = w.flags & MULTILINE || listBox ? height - pad - size * 0.9 : (height - size * 0.72) / 2;
  if (listBox) {
    lines.forEach((line, i) => {
      if (selected.has(line)) ops.push(`0.6 0.75 0.88 rg ${pad / 2} ${num(top - i * leading - size * 0.28)} ${num(width - pad)} ${num(leading)} re f`);
    });
  }
  ops.push('BT', da.color, `/F1 ${num(size)} Tf`);
  const comb = !!(w.flags & COMB) && !(w.flags & (MULTILINE | PASSWORD)) && w.maxLen && w.maxLen > 0 ? w.maxLen : undefined;
  lines.forEach((line, i) => {
    const y = top - i * leading;
    if (comb) {
      const cell = width / comb;
      [...line]
        .slice(0, comb)
        .forEach((ch, j) => ops.push(`1 0 0 1 ${num(j * cell + (cell - textWidth(ch, size)) / 2)} ${num(y)} Tm ${font.show(ch, 'F1', size)}`));
      return;
    }
    const lineWidth = textWidth(line, size);
    const x = w.q === 1 ? (width - lineWidth) / 2 : w.q === 2 ? width - pad - lineWidth : pad;
    ops.push(`1 0 0 1 ${num(x)} ${num(y)} Tm ${font.show(line, 'F1', size)}`);
  });
  ops.push('ET', 'Q', 'EMC');
  return ops.join('\n');
}

function form(update: PdfUpdate, width: number, height: number, content: string, rotate: number, resources?: PdfDict): PdfRef {
  const d = new PdfDict([
    ['Type', name('XObject')],
    ['Subtype', name('Form')],
    ['BBox', [0, 0, width, height]],
    ['Resources', resources ?? new PdfDict()],
  ]);
  const r = normaliseRotation(rotate);
  if (r) d.set('Matrix', uprightMatrix(r));
  return update.add(new PdfStream(d, Buffer.from(content, 'latin1')));
}

/** Check box / radio: make sure the state in /AS has an appearance (aliasing the existing "on" one, else drawing one). */
function completeButton(update: PdfUpdate, w: Widget, width: number, height: number, rotate: number): boolean {
  const reader = update.reader;
  const ap = reader.resolveDict(w.dict.get('AP'));
  const normal = reader.resolveDict(ap?.get('N'));
  const as = reader.nameValue(w.dict.get('AS'));
  const value = w.value instanceof PdfName ? w.value.value : undefined;
  const state = as ?? value ?? 'Off';
  if (normal?.has(state)) return false;
  const widget = update.edit(w.ref);
  const newAp = ap ? ap.clone() : new PdfDict();
  const states = normal ? normal.clone() : new PdfDict();
  const onStates = [...states.entries.keys()].filter((k) => k !== 'Off');
  if (state !== 'Off' && onStates.length === 1) states.set(state, states.get(onStates[0]!)!);
  else {
    const s = Math.min(width, height);
    const mark =
      w.flags & RADIO
        ? `0 g ${num(width / 2)} ${num(height / 2)} m ${num(width / 2 + s * 0.25)} ${num(height / 2)} ${num(width / 2 + s * 0.25)} ${num(height / 2 + s * 0.14)} ${num(width / 2)} ${num(height / 2 + s * 0.25)} c ` +
          `${num(width / 2 - s * 0.25)} ${num(height / 2 + s * 0.25)} ${num(width / 2 - s * 0.25)} ${num(height / 2 - s * 0.25)} ${num(width / 2)} ${num(height / 2 - s * 0.25)} c ` +
          `${num(width / 2 + s * 0.25)} ${num(height / 2 - s * 0.25)} ${num(width / 2 + s * 0.25)} ${num(height / 2)} ${num(width / 2)} ${num(height / 2)} c f`
        : `0 G ${num(s * 0.12)} w ${num(width / 2 - s * 0.3)} ${num(height / 2)} m ${num(width / 2 - s * 0.08)} ${num(height / 2 - s * 0.25)} l ${num(width / 2 + s * 0.32)} ${num(height / 2 + s * 0.28)} l S`;
    if (!states.has('Off')) states.set('Off', form(update, width, height, '', rotate));
    if (state !== 'Off') states.set(state, form(update, width, height, mark, rotate));
  }
  newAp.set('N', states);
  const down = reader.resolveDict(newAp.get('D'));
  if (down && !down.has(state) && states.has(state)) newAp.set('D', down.clone().set(state, states.get(state)!));
  widget.set('AP', newAp);
  if (!as) widget.set('AS', name(state));
  return true;
}

/**
 * Draws the appearances /NeedAppearances was standing in for and removes the flag. Returns the number of widgets
 * given an appearance (0 when the form did not ask for it).
 */
export function settleNeedAppearances(update: PdfUpdate): number {
  const reader = update.reader;
  const catalog = update.resolveDict(reader.rootRef);
  const formRef = catalog?.get('AcroForm');
  const acroForm = update.resolveDict(formRef) ?? reader.resolveDict(formRef);
  if (!acroForm || reader.resolve(acroForm.get('NeedAppearances')) !== true) return 0;
  const widgets = collectWidgets(update, acroForm);
  const texts = widgets.filter((w) => w.ft === 'Tx' || w.ft === 'Ch');
  const font = texts.length
    ? embedFont(
        update,
        texts.flatMap((w) => [textOf(w.value), ...w.options.map((o) => textOf(Array.isArray(o) ? o[1] : o)), '*']),
      )
    : undefined;
  let drawn = 0;
  for (const w of widgets) {
    const rect = reader.resolveArray(w.dict.get('Rect')).map((v) => asNumber(reader.resolve(v)) ?? 0);
    const mk = reader.resolveDict(w.dict.get('MK'));
    const rotate = normaliseRotation(asNumber(mk?.get('R')));
    const { width, height } = visibleSize(rect, rotate);
    if (width <= 0 || height <= 0) continue;
    if ((w.ft === 'Tx' || w.ft === 'Ch') && font) {
      const resources = new PdfDict([['Font', new PdfDict(font.resources('F1'))]]);
      const ref = form(update, width, height, textContent(w, width, height, font, mk), rotate, resources);
      update.edit(w.ref).set('AP', new PdfDict([['N', ref]]));
      drawn++;
    } else if (w.ft === 'Btn' && !(w.flags & PUSHBUTTON)) {
      if (completeButton(update, w, width, height, rotate)) drawn++;
    }
  }
  editAcroForm(update).delete('NeedAppearances');
  return drawn;
}
