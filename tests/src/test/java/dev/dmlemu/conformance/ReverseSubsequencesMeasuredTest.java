package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.ReverseSubsequencesOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveReverseSubsequences;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * REVERSE_SUBSEQUENCES on the real DirectML.dll (docs/directml-behaviour.md §14.4, §16.8): CreateOperator's verdicts
 * on hand-made descs (as recorded, and as the validator gives them at 6_4), and what sequence lengths past the axis
 * do (as recorded, and as the emulator and the naive reference compute them).
 */
class ReverseSubsequencesMeasuredTest {

    private static final TensorDataType F = TensorDataType.FLOAT32;
    private static final TensorDataType U = TensorDataType.UINT32;
    private static final long[] IN = {2, 3, 4};

    private static ReverseSubsequencesOperatorDesc desc(TensorDataType it, long[] in, TensorDataType st, long[] seq,
            TensorDataType ot, long[] out, long axis) {
        return new ReverseSubsequencesOperatorDesc(BufferTensorDesc.packed(it, in), BufferTensorDesc.packed(st, seq),
                BufferTensorDesc.packed(ot, out), axis);
    }

    @Test
    void createOperatorVerdictsAsRecordedAndAsTheValidatorGivesThem() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReverseSubsequencesMeasuredTest");
        Map<String, ReverseSubsequencesOperatorDesc> accepted = new LinkedHashMap<>();
        Map<String, ReverseSubsequencesOperatorDesc> refused = new LinkedHashMap<>();
        for (TensorDataType t : DllOutputs.DEVICE_DATA_TYPES) {
            accepted.put("data " + t, desc(t, IN, U, new long[] {2, 1, 4}, t, IN, 1));
            boolean lengthType = t == TensorDataType.UINT32 || t == TensorDataType.UINT64;
            (lengthType ? accepted : refused).put("lengths " + t, desc(F, IN, t, new long[] {2, 1, 4}, F, IN, 1));
        }
        accepted.put("rank 1", desc(F, new long[] {5}, U, new long[] {1}, F, new long[] {5}, 0));
        accepted.put("rank 8", desc(F, new long[] {1, 2, 1, 2, 1, 2, 1, 2}, U, new long[] {1, 2, 1, 2, 1, 2, 1, 1}, F,
                new long[] {1, 2, 1, 2, 1, 2, 1, 2}, 7));
        accepted.put("axis 0", desc(F, IN, U, new long[] {1, 3, 4}, F, IN, 0));
        accepted.put("axis of size 1", desc(F, new long[] {2, 1, 4}, U, new long[] {2, 1, 4}, F,
                new long[] {2, 1, 4}, 1));
        refused.put("axis 3", desc(F, IN, U, new long[] {2, 3, 4}, F, IN, 3));
        refused.put("axis 3, lengths 2,3,1", desc(F, IN, U, new long[] {2, 3, 1}, F, IN, 3));
        refused.put("axis 2^32-1", desc(F, IN, U, new long[] {2, 3, 4}, F, IN, 4294967295L));
        refused.put("lengths 2,3,4", desc(F, IN, U, new long[] {2, 3, 4}, F, IN, 1));
        refused.put("lengths 2,1,3", desc(F, IN, U, new long[] {2, 1, 3}, F, IN, 1));
        refused.put("lengths 1,1,4", desc(F, IN, U, new long[] {1, 1, 4}, F, IN, 1));
        refused.put("lengths 2,1,1", desc(F, IN, U, new long[] {2, 1, 1}, F, IN, 1));
        refused.put("lengths 2,2,4", desc(F, IN, U, new long[] {2, 2, 4}, F, IN, 1));
        refused.put("output 2,3,5", desc(F, IN, U, new long[] {2, 1, 4}, F, new long[] {2, 3, 5}, 1));
        refused.put("output 2,4,4", desc(F, IN, U, new long[] {2, 1, 4}, F, new long[] {2, 4, 4}, 1));
        refused.put("output 1,3,4", desc(F, IN, U, new long[] {2, 1, 4}, F, new long[] {1, 3, 4}, 1));
        refused.put("output INT32", desc(F, IN, U, new long[] {2, 1, 4}, TensorDataType.INT32, IN, 1));
        refused.put("lengths of rank 4", desc(F, IN, U, new long[] {1, 2, 1, 4}, F, IN, 1));
        refused.put("output of rank 4", desc(F, IN, U, new long[] {2, 1, 4}, F, new long[] {1, 2, 3, 4}, 1));
        FeatureLevelValidator validator = new FeatureLevelValidator();
        for (boolean expected : new boolean[] {true, false}) {
            for (Map.Entry<String, ReverseSubsequencesOperatorDesc> probe : (expected ? accepted : refused)
                    .entrySet()) {
                HarnessResult theirs = real.validate(List.of(HarnessCase.validateOnly("p", probe.getValue())))
                        .get("p");
                assertEquals(expected, theirs.created(), () -> probe.getKey() + ": CreateOperator " + theirs);
                assertEquals(expected, validator.validate(probe.getValue(), FeatureLevel.LEVEL_6_4).isValid(),
                        () -> probe.getKey() + ": the validator");
            }
        }
    }

    /** Lines of 4 FLOAT32 elements 1..4, 5..8, 9..12 (the docs' first example) and their lengths. */
    private static byte[] reversed(RealDirectMl real, Emulator emulator, TensorDataType lengthType, long... lengths)
            throws Exception {
        ReverseSubsequencesOperatorDesc desc = desc(F, new long[] {3, 4}, lengthType, new long[] {3, 1}, F,
                new long[] {3, 4}, 1);
        ByteBuffer input = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 1; i <= 12; i++) {
            input.putFloat(i);
        }
        ByteBuffer lengthBytes = ByteBuffer.allocate(3 * lengthType.sizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        for (long length : lengths) {
            if (lengthType == U) {
                lengthBytes.putInt((int) length);
            } else {
                lengthBytes.putLong(length);
            }
        }
        MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(input.array()),
                TensorBytes.of(lengthBytes.array())), List.of(TensorBytes.of(new byte[48])));
        byte[] dll = real.executeArrays(desc, c.all().stream().map(TensorBytes::bytes).toList()).get(0);
        String what = lengthType + " " + Arrays.toString(lengths);
        float[] floats = new float[12];
        ByteBuffer.wrap(dll).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(floats);
        System.out.println("ReverseSubsequencesMeasuredTest " + what + ": " + Arrays.toString(floats));
        assertArrayEquals(dll, EmulatorOnCase.outputs(emulator, new FeatureLevelValidator(), c).get(0),
                () -> what + ": the emulator");
        assertArrayEquals(dll, NaiveReverseSubsequences.run(c).get(0), () -> what + ": NaiveReverseSubsequences");
        return dll;
    }

    private static byte[] floats(float... values) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            bytes.putFloat(value);
        }
        return bytes.array();
    }

    @Test
    void lengthsPastTheLineReadItsLastElementAndCountBy32Bits() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReverseSubsequencesMeasuredTest");
        try (Emulator emulator = new Emulator()) {
            assertArrayEquals(floats(2, 1, 3, 4, 8, 7, 6, 5, 11, 10, 9, 12), reversed(real, emulator, U, 2, 4, 3));
            // Past the line, every read is clamped to its last element (not the length to the line).
            assertArrayEquals(floats(4, 4, 3, 2, 8, 8, 8, 8, 9, 10, 11, 12),
                    reversed(real, emulator, U, 5, 0xFFFF_FFFFL, 0));
            assertArrayEquals(floats(4, 4, 3, 2, 8, 8, 8, 7, 12, 12, 12, 12), reversed(real, emulator, U, 5, 6, 7));
            assertArrayEquals(floats(4, 4, 4, 4, 5, 6, 7, 8, 12, 11, 10, 9), reversed(real, emulator, U, 8, 1, 4));
            assertArrayEquals(floats(1, 2, 3, 4, 8, 8, 7, 6, 12, 12, 11, 10), reversed(real, emulator, U, 0, 5, 5));
            assertArrayEquals(floats(1, 2, 3, 4, 6, 5, 7, 8, 11, 10, 9, 12), reversed(real, emulator, U, 1, 2, 3));
            // A UINT64 length counts by its low 32 bits: 2^32 + 1 is 1, 2^64 - 1 is 2^32 - 1, 2^63 is 0.
            assertArrayEquals(floats(1, 2, 3, 4, 8, 8, 8, 8, 9, 10, 11, 12),
                    reversed(real, emulator, TensorDataType.UINT64, (1L << 32) + 1, -1, 1L << 63));
            assertArrayEquals(floats(2, 1, 3, 4, 5, 6, 7, 8, 11, 10, 9, 12),
                    reversed(real, emulator, TensorDataType.UINT64, (1L << 32) + 2, 1, 3));
        }
    }
}
