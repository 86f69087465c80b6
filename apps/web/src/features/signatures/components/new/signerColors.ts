/** One colour per signer (by signerIndex), distinct for the first ten, then repeating. */
const palette = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#e03131', '#5f3dc4', '#66a80f', '#c2255c'];
export const signerColor = (signerIndex: number) => palette[((signerIndex % palette.length) + palette.length) % palette.length]!;
