package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A model's {@code executionFlags} reach CompileOperator and do not change what the real DirectML.dll computes for
 * the mirrored gathers, which is why the emulator takes them and computes the same either way
 * (docs/directml-behaviour.md §9). Each flag alone and all three, on the GATHER_ELEMENTS and GATHER docs examples.
 */
class ExecutionFlagsMeasuredTest {

    private static final List<Set<ExecutionFlag>> FLAG_SETS = List.of(Set.of(),
            Set.of(ExecutionFlag.ALLOW_HALF_PRECISION_COMPUTATION), Set.of(ExecutionFlag.DISABLE_META_COMMANDS),
            Set.of(ExecutionFlag.DESCRIPTORS_VOLATILE), EnumSet.of(ExecutionFlag.ALLOW_HALF_PRECISION_COMPUTATION,
                    ExecutionFlag.DISABLE_META_COMMANDS, ExecutionFlag.DESCRIPTORS_VOLATILE));

    @Test
    void everyExecutionFlagGivesTheDocsOutputs() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("execution flags on the real DirectML");
        // GATHER_ELEMENTS docs example: [[1,2,3],[4,5,6],[7,8,9]] by rows [[1,2,0],[2,0,0]] gives 4 8 3 7 2 3.
        HarnessCase elements = HarnessCase.fromDesc("ge_docs", new GatherElementsOperatorDesc(f32(1, 1, 3, 3),
                u32(1, 1, 2, 3), f32(1, 1, 2, 3), 2), floats(1, 2, 3, 4, 5, 6, 7, 8, 9), uints(1, 2, 0, 2, 0, 0));
        // GATHER: rows 2 and 0 of the same 3x3 input (IndexDimensions 1) give 7 8 9 1 2 3.
        HarnessCase gather = HarnessCase.fromDesc("g_rows", new GatherOperatorDesc(f32(1, 1, 3, 3), u32(1, 1, 1, 2),
                f32(1, 1, 2, 3), 2, 1), floats(1, 2, 3, 4, 5, 6, 7, 8, 9), uints(2, 0));
        Map<String, String> expected = new LinkedHashMap<>();
        List<HarnessCase> cases = new ArrayList<>();
        for (int i = 0; i < FLAG_SETS.size(); i++) {
            cases.add(elements.withExecutionFlags("ge_docs_flags_" + i, FLAG_SETS.get(i)));
            expected.put("ge_docs_flags_" + i, "4 8 3 7 2 3");
            cases.add(gather.withExecutionFlags("g_rows_flags_" + i, FLAG_SETS.get(i)));
            expected.put("g_rows_flags_" + i, "7 8 9 1 2 3");
        }
        // The harness takes the flags as one mask: all three are 0x1 | 0x2 | 0x4.
        assertTrue(cases.get(8).toCaseText().contains("\nflags 7\n"), cases.get(8).toCaseText());
        Map<String, HarnessResult> results = real.execute(cases);
        Map<String, String> actual = new LinkedHashMap<>();
        for (HarnessCase harnessCase : cases) {
            HarnessResult result = results.get(harnessCase.name());
            actual.put(harnessCase.name(), result.executed() ? String.join(" ", result.output().orElseThrow())
                    : "create=" + result.createText());
        }
        assertEquals(expected, actual, "an execution flag changed what DirectML computes");
        System.out.printf("execution flags: %d cases gave the docs outputs on the real DirectML.dll%n", cases.size());
    }

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static BufferTensorDesc u32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.UINT32, sizes);
    }

    private static ByteBuffer floats(float... values) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            bytes.putFloat(value);
        }
        return bytes.flip();
    }

    private static ByteBuffer uints(int... values) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int value : values) {
            bytes.putInt(value);
        }
        return bytes.flip();
    }
}
