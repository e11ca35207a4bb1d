package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.DuplicateWrites;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.IndexPolicy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * ONNX's index rules for the scatters ({@link FrameworkIndexCheck}): ScatterElements indices in {@code [-s, s-1]}
 * along the axis, ScatterND each tuple coordinate in {@code [-s, s-1]} of its own data dimension, and with reduction
 * "none" no two updates on one target; and what DirectML does instead when the node is lowered anyway (the
 * {@code directml} policy): the emulator keeps the last write and says so.
 */
class ScatterIndexRulesTest {

    private static final List<Long> D33 = List.of(3L, 3L);
    private static final List<Long> I23 = List.of(2L, 3L);

    private static FrameworkNode elements(long axis) {
        return FrameworkNode.of(Frontend.ONNX_SCATTER_ELEMENTS_18, D33, ElementType.FLOAT, I23, ElementType.INT64, I23,
                NodeAttributes.none().withAxis(axis));
    }

    private static FrameworkNode nd(List<Long> data, List<Long> indices, List<Long> updates) {
        return FrameworkNode.of(Frontend.ONNX_SCATTER_ND_13, data, ElementType.FLOAT, indices, ElementType.INT64,
                updates, NodeAttributes.none());
    }

    @Test
    void scatterElementsIndicesLieInTheAxis() {
        assertEquals(Optional.of("indices[1, 1] = 3 is out of range: data axis 0 has size 3, so ONNX "
                + "ScatterElements-18 indices must lie in [-3, 2] (index policy strict; --index-policy directml shows "
                + "what DirectML does)"),
                FrameworkIndexCheck.firstViolation(elements(0), LittleEndian.int64s(1, 0, 2, 0, 3, 1)));
        assertEquals(Optional.empty(), FrameworkIndexCheck.firstViolation(elements(-1),
                LittleEndian.int64s(-3, 1, 2, 0, -1, -2)));
    }

    @Test
    void scatterElementsDuplicateTargetsAreNamedByTheFirstPair() {
        // Axis 0: update (0,0) writes row 1 of column 0, update (1,0) too; -2 is row 1 as well.
        Optional<String> found = FrameworkIndexCheck.firstViolation(elements(0), LittleEndian.int64s(1, 0, 2, -2, 2,
                1));
        assertEquals(Optional.of("updates[0, 0] (indices[0, 0] = 1) and updates[1, 0] (indices[1, 0] = -2) both "
                + "write output[1, 0]: ONNX ScatterElements-18 with reduction \"none\" leaves duplicate targets "
                + "undefined (its output would depend on the order of the writes), so the node has no defined output "
                + "(index policy strict; --index-policy directml shows what DirectML does)"), found);
        // Along axis 1 the same values target other elements: row 0 writes columns 1, 0, 2; row 1 columns 1, 2, 1.
        Optional<String> alongRows = FrameworkIndexCheck.firstDuplicateTarget(elements(1), LittleEndian.int64s(1, 0,
                2, -2, 2, 1));
        assertEquals(true, alongRows.orElseThrow().startsWith("updates[1, 0] (indices[1, 0] = -2) and updates[1, 2] "
                + "(indices[1, 2] = 1) both write output[1, 1]"), alongRows.orElseThrow());
    }

    @Test
    void scatterNdCoordinatesLieInTheirOwnDimensionsAndTuplesAreDistinct() {
        FrameworkNode node = nd(List.of(4L, 2L), List.of(3L, 1L), List.of(3L, 2L));
        assertEquals(Optional.of("indices[2, 0] = 4 is out of range: data dimension 0 (coordinate 0 of the index "
                + "tuple) has size 4, so ONNX ScatterND-13 indices must lie in [-4, 3] (index policy strict; "
                + "--index-policy directml shows what DirectML does)"),
                FrameworkIndexCheck.firstViolation(node, LittleEndian.int64s(1, 3, 4)));
        Optional<String> duplicate = FrameworkIndexCheck.firstViolation(node, LittleEndian.int64s(1, 3, -3));
        assertEquals(true, duplicate.orElseThrow().startsWith("updates[0] (indices[0] = [1]) and updates[2] "
                + "(indices[2] = [-3]) both write output[1, :]: ONNX ScatterND-13"), duplicate.orElseThrow());
        FrameworkNode pairs = nd(List.of(2L, 3L), List.of(2L, 2L), List.of(2L));
        Optional<String> elementTuples = FrameworkIndexCheck.firstDuplicateTarget(pairs, LittleEndian.int64s(1, -1,
                -1, 2));
        assertEquals(true, elementTuples.orElseThrow().startsWith("updates[0] (indices[0] = [1, -1]) and updates[1] "
                + "(indices[1] = [-1, 2]) both write output[1, 2]"), elementTuples.orElseThrow());
        assertEquals(Optional.empty(), FrameworkIndexCheck.firstViolation(pairs, LittleEndian.int64s(1, -1, 0, 2)));
    }

    @Test
    void gathersHaveNoDuplicateRule() {
        FrameworkNode gather = GatherNdNode.onnx(Frontend.ONNX_GATHER_ND_13, List.of(4L), ElementType.FLOAT,
                List.of(2L, 1L), ElementType.INT64);
        assertEquals(Optional.empty(), FrameworkIndexCheck.firstViolation(gather, LittleEndian.int64s(1, 1)));
    }

    @Test
    void underTheDirectmlPolicyTheEmulatorKeepsTheLastWriteAndSaysSo() {
        // The ONNX ScatterND example 1 with tuple 3 written twice: updates 9, 10, 11, 12 at 4, 3, 1, 3. In row-major
        // order 12 is the last write to element 3: output 1 11 3 12 9 6 7 8.
        FrameworkNode node = nd(List.of(8L), List.of(4L, 1L), List.of(4L));
        ByteBuffer indices = LittleEndian.int64s(4, 3, 1, 3);
        List<DuplicateWrites> reported = new ArrayList<>();
        BufferLoweringResult result = node.lowerWithBuffers(FeatureLevel.LEVEL_6_4, LoweringOptions.defaults(),
                Map.of(FrameworkTensor.DATA, LittleEndian.floats(1, 2, 3, 4, 5, 6, 7, 8), FrameworkTensor.INDICES,
                        indices, FrameworkTensor.UPDATES, LittleEndian.floats(9, 10, 11, 12)));
        LoweredBuffers buffers = assertInstanceOf(LoweredBuffers.class, result);
        try (Emulator emulator = new Emulator(EmulatorOptions.builder().indexPolicy(IndexPolicy.DIRECTML)
                .listener(reported::add).build())) {
            assertArrayEquals(new float[] {1, 11, 3, 12, 9, 6, 7, 8},
                    LittleEndian.readFloats(buffers.execute(emulator)));
        }
        assertEquals(1, reported.size());
        assertEquals(OperatorType.SCATTER_ND, reported.get(0).operator());
        assertEquals(1, reported.get(0).overwrites());
        assertEquals(3, reported.get(0).firstOutputElement());
    }
}
