let fieldSeq = 0;

/** A fresh element id, so a field's label can point at its control with for/id. */
export const nextFieldId = () => `f${++fieldSeq}`;
