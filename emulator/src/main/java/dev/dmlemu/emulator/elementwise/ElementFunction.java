package dev.dmlemu.emulator.elementwise;

/** An element-wise operator's body: one row of outputs from rows of its inputs, lane by lane. */
@FunctionalInterface
interface ElementFunction {

    /**
     * Fills {@code count} lanes of {@code output} (and sets its carrier) from the same lanes of {@code inputs}, in the
     * desc's input order. The output row may be one of the input rows' own arrays only where a body says so.
     */
    void apply(Lanes[] inputs, Lanes output, int count);
}
