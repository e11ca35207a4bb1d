package dev.dmlemu.nativebridge.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The operator structs' layouts against the sizes and offsets a C compiler gives for {@code DirectML.h} on x64
 * (docs/directml-behaviour.md §3.1), typed in.
 */
class OperatorStructLayoutTest {

    @Test
    void gatherElementsOnX64() {
        // DML_GATHER_ELEMENTS_OPERATOR_DESC: InputTensor 0, IndicesTensor 8, OutputTensor 16, Axis 24; sizeof 32.
        assertEquals(new OperatorStructLayout(List.of(0L, 8L, 16L, 24L), 32),
                OperatorStructLayout.of(OperatorDescs.schema(OperatorType.GATHER_ELEMENTS).orElseThrow(), 8));
    }

    @Test
    void gatherOnX64() {
        // DML_GATHER_OPERATOR_DESC: InputTensor 0, IndicesTensor 8, OutputTensor 16, Axis 24, IndexDimensions 28;
        // sizeof 32 (the two UINTs share the last 8 bytes).
        assertEquals(new OperatorStructLayout(List.of(0L, 8L, 16L, 24L, 28L), 32),
                OperatorStructLayout.of(OperatorDescs.schema(OperatorType.GATHER).orElseThrow(), 8));
    }

    @Test
    void gatherNdOnX64() {
        // DML_GATHER_ND_OPERATOR_DESC: InputTensor 0, IndicesTensor 8, OutputTensor 16, InputDimensionCount 24,
        // IndicesDimensionCount 28; sizeof 32.
        assertEquals(new OperatorStructLayout(List.of(0L, 8L, 16L, 24L, 28L), 32),
                OperatorStructLayout.of(OperatorDescs.schema(OperatorType.GATHER_ND).orElseThrow(), 8));
    }

    @Test
    void gatherNd1OnX64() {
        // DML_GATHER_ND1_OPERATOR_DESC: as GATHER_ND, then BatchDimensionCount 32; sizeof 40 (a multiple of the
        // pointers' 8-byte alignment, so 4 bytes of tail padding).
        assertEquals(new OperatorStructLayout(List.of(0L, 8L, 16L, 24L, 28L, 32L), 40),
                OperatorStructLayout.of(OperatorDescs.schema(OperatorType.GATHER_ND1).orElseThrow(), 8));
    }

    @Test
    void scatterElementsOnX64() {
        // DML_SCATTER_ELEMENTS_OPERATOR_DESC (= DML_SCATTER_OPERATOR_DESC): InputTensor 0, IndicesTensor 8,
        // UpdatesTensor 16, OutputTensor 24, Axis 32; sizeof 40 (4 bytes of tail padding).
        assertEquals(new OperatorStructLayout(List.of(0L, 8L, 16L, 24L, 32L), 40),
                OperatorStructLayout.of(OperatorDescs.schema(OperatorType.SCATTER_ELEMENTS).orElseThrow(), 8));
    }

    @Test
    void scatterNdOnX64() {
        // DML_SCATTER_ND_OPERATOR_DESC: the four pointers, InputDimensionCount 32, IndicesDimensionCount 36; sizeof 40.
        assertEquals(new OperatorStructLayout(List.of(0L, 8L, 16L, 24L, 32L, 36L), 40),
                OperatorStructLayout.of(OperatorDescs.schema(OperatorType.SCATTER_ND).orElseThrow(), 8));
    }
}
