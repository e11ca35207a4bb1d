package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import java.util.Objects;

/**
 * One generated scatter case ({@link ScatterCases}): a valid SCATTER_ELEMENTS or SCATTER_ND desc and the arrays its
 * four tensors sit in, each at its offset. The output array's bytes are what the output buffer holds before the
 * scatter (it is overwritten where the output's strides address it).
 */
public record ScatterCase(long seed, OperatorDesc desc, TensorBytes input, TensorBytes indices, TensorBytes updates,
        TensorBytes output) {

    public ScatterCase {
        Objects.requireNonNull(desc, "desc");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(indices, "indices");
        Objects.requireNonNull(updates, "updates");
        Objects.requireNonNull(output, "output");
    }

    public BufferTensorDesc tensor(int fieldIndex) {
        return (BufferTensorDesc) desc.tensorFields().get(fieldIndex).desc();
    }

    public boolean isElements() {
        return desc instanceof ScatterElementsOperatorDesc;
    }

    /** How many updates the case writes (the UpdatesTensor's element count). */
    public long updateCount() {
        return Shapes.product(Shapes.toArray(tensor(2).sizes()));
    }

    @Override
    public String toString() {
        return "ScatterCase[seed=" + seed + ", " + desc + "]";
    }
}
