package dev.dmlemu.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.GemmOperatorDesc;
import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorKind;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each part of the binding rule every backend applies, on hand-sized buffers. */
class BindingRuleTest {

    // 1x1x3x3 FLOAT32: 36 bytes; 2x3 UINT32: 24 bytes.
    private static final BufferTensorDesc INPUT = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3);
    private static final BufferTensorDesc INDICES = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3);
    private static final BufferTensorDesc OUTPUT = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3);
    private static final GatherElementsOperatorDesc DESC = new GatherElementsOperatorDesc(INPUT, INDICES, OUTPUT, 2);

    private static String refusal(BufferBinding... bindings) {
        return assertThrows(OperatorExecutionException.class, () -> BindingRule.check(DESC, Bindings.of(bindings)))
                .getMessage();
    }

    @Test
    void goodBindingsPass() {
        BindingRule.check(DESC, Bindings.of(BufferBinding.of(ByteBuffer.allocate(36)),
                BufferBinding.of(ByteBuffer.allocate(24)), BufferBinding.of(ByteBuffer.allocate(24))));
    }

    @Test
    void eachRuleNamesItsField() {
        ByteBuffer indices = ByteBuffer.allocate(24);
        ByteBuffer output = ByteBuffer.allocate(24);
        assertEquals("InputTensor: binding SizeInBytes 32 is less than TotalTensorSizeInBytes 36 (a binding must"
                + " cover the tensor's TotalTensorSizeInBytes)", refusal(new BufferBinding(ByteBuffer.allocate(36), 0,
                32), BufferBinding.of(indices), BufferBinding.of(output)));
        assertEquals("InputTensor: binding [Offset 4, Offset + SizeInBytes 40) does not lie inside the buffer's"
                + " capacity 36 (DML_BUFFER_BINDING must lie inside its buffer)", refusal(new BufferBinding(
                        ByteBuffer.allocate(36), 4, 36), BufferBinding.of(indices), BufferBinding.of(output)));
        assertEquals("OutputTensor: the output buffer is read-only", refusal(BufferBinding.of(ByteBuffer.allocate(36)),
                BufferBinding.of(indices), BufferBinding.of(output.asReadOnlyBuffer())));
        assertEquals("GATHER_ELEMENTS takes 3 bindings (InputTensor, IndicesTensor, OutputTensor), got 2",
                refusal(BufferBinding.of(ByteBuffer.allocate(36)), BufferBinding.of(indices)));
    }

    @Test
    void alignmentAndUnsignedTotals() {
        BufferTensorDesc aligned = INPUT.withGuaranteedBaseOffsetAlignment(16);
        assertEquals(Optional.of("binding Offset 8 is not a multiple of GuaranteedBaseOffsetAlignment 16"),
                BindingRule.problem(aligned, TensorKind.INPUT, 64, 8, 56, false));
        assertEquals(Optional.empty(), BindingRule.problem(aligned, TensorKind.INPUT, 64, 16, 48, false));
        // A TotalTensorSizeInBytes of 2^63 or more (a negative long) is larger than any binding.
        BufferTensorDesc huge = new BufferTensorDesc(TensorDataType.FLOAT32, INPUT.flags(), 4, INPUT.sizes(),
                Optional.empty(), Long.MIN_VALUE, 0);
        assertEquals(Optional.of("binding SizeInBytes 64 is less than TotalTensorSizeInBytes 9223372036854775808"
                + " (a binding must cover the tensor's TotalTensorSizeInBytes)"),
                BindingRule.problem(huge, TensorKind.INPUT, 64, 0, 64, false));
    }

    // GEMM 2x3 by 3x2 without CTensor: A and B 24 bytes each, the output 16.
    private static final GemmOperatorDesc GEMM = new GemmOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 2), TensorDesc.NULL,
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 2), MatrixTransform.NONE, MatrixTransform.NONE,
            1f, 0f, Optional.empty());

    @Test
    void aNullTensorTakesNoBindingAndNothingElse() {
        BufferBinding a = BufferBinding.of(ByteBuffer.allocate(24));
        BufferBinding b = BufferBinding.of(ByteBuffer.allocate(24));
        BufferBinding out = BufferBinding.of(ByteBuffer.allocate(16));
        BindingRule.check(GEMM, Bindings.of(a, b, TensorBinding.NONE, out));

        assertEquals("CTensor: the desc leaves this tensor NULL, so DirectML takes no binding there"
                + " (DML_BINDING_TYPE_NONE): bind nothing to it", assertThrows(OperatorExecutionException.class,
                        () -> BindingRule.check(GEMM, Bindings.of(a, b, BufferBinding.of(ByteBuffer.allocate(16)),
                                out))).getMessage());
        assertEquals("BTensor: nothing is bound (DML_BINDING_TYPE_NONE), but the desc describes this tensor: bind a"
                + " buffer", assertThrows(OperatorExecutionException.class,
                        () -> BindingRule.check(GEMM, Bindings.of(a, TensorBinding.NONE, TensorBinding.NONE, out)))
                .getMessage());
    }

    @Test
    void byFieldNameLeavesANullTensorUnbound() {
        BufferBinding a = BufferBinding.of(ByteBuffer.allocate(24));
        BufferBinding b = BufferBinding.of(ByteBuffer.allocate(24));
        BufferBinding out = BufferBinding.of(ByteBuffer.allocate(16));
        Bindings bindings = Bindings.byFieldName(GEMM, Map.of("ATensor", a, "BTensor", b, "OutputTensor", out));
        assertEquals(Bindings.of(a, b, TensorBinding.NONE, out), bindings);
        assertEquals(out, bindings.get(3));
        assertThrows(IllegalStateException.class, () -> bindings.get(2));
        // A field the desc describes still needs its binding.
        assertEquals("DML_OPERATOR_GEMM: no binding for BTensor", assertThrows(IllegalArgumentException.class,
                () -> Bindings.byFieldName(GEMM, Map.of("ATensor", a, "OutputTensor", out))).getMessage());
    }
}
