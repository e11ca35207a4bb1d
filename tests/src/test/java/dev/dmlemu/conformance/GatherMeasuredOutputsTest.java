package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The DML_GATHER outputs docs/directml-behaviour.md §10 records, run again on the real DirectML.dll: the docs'
 * examples, what a cropped dimension reads (§10.3), and the out-of-range walk (§10.5); and the GATHER_ND and GATHER_ND1
 * docs examples and batch probes of §11. Each expected output is the
 * DLL's recorded one, checked by hand against the docs or the linear-walk model in the comments. Every desc is one the
 * validator accepts.
 */
class GatherMeasuredOutputsTest {

    private record Probe(OperatorDesc desc, float[] input, long[] indices, String expected) {}

    @Test
    void theDllStillGivesTheRecordedOutputs() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("GATHER recorded outputs on the real DirectML");
        Map<String, Probe> probes = new LinkedHashMap<>();
        float[] oneToSix = range(1, 6);
        float[] oneToNine = range(1, 9);
        // The docs' examples 1, 2, 4 and 5, and 3 with IndexDimensions 1 (as printed it is refused).
        probes.put("docs_1", probe(gather(s(4), s(5), s(5), 0, 1), floats(11, 12, 13, 14), s(3, 1, 3, 0, 2),
                "14 12 14 11 13"));
        probes.put("docs_2", probe(gather(s(3, 2), s(1, 4), s(4, 2), 0, 1), oneToSix, s(0, 1, 1, 2),
                "1 2 3 4 3 4 5 6"));
        probes.put("docs_3_k1", probe(gather(s(3, 2), s(1, 2), s(3, 2), 1, 1), oneToSix, s(1, 0), "2 1 4 3 6 5"));
        probes.put("docs_4", probe(gather(s(1, 3, 3), s(1, 1, 2), s(3, 1, 2), 2, 2), oneToNine, s(0, 2),
                "1 3 4 6 7 9"));
        probes.put("docs_5", probe(gather(s(1, 3, 2), s(1, 2, 2), s(2, 2, 2), 1, 2), oneToSix, s(0, 1, 1, 2),
                "1 2 3 4 3 4 5 6"));
        // A cropped dimension reads index 0: {3} ++ {1,2} -> {1,2} reads row 0 ({1,2}[idx]) = 2 1.
        probes.put("crop_ex3_out12", probe(gather(s(3, 2), s(1, 2), s(1, 2), 1, 2), oneToSix, s(1, 0), "2 1"));
        // {2,3} ++ {1,2} -> {3,1,2}: input[0, r, idx] = 1 3 / 4 6 / 7 9.
        probes.put("crop_in233_k2", probe(gather(s(2, 3, 3), s(1, 1, 2), s(3, 1, 2), 2, 2), range(1, 18), s(0, 2),
                "1 3 4 6 7 9"));
        // Out of range, UINT32, Axis 1 of {3,3}: offset 3r + index mod 2^32, clamped to element 8.
        probes.put("oob_inner_u32", probe(gather(s(3, 3), s(1, 4), s(3, 4), 1, 1), oneToNine,
                s(3, 4, 100, 4294967295L), "4 5 9 9 7 8 9 3 9 9 9 6"));
        // A size-1 axis does not ignore the index: {1,3} with index 1 reads offsets 3, 4, 5 -> clamped to 3 3 3.
        probes.put("axis_size1_index1", probe(gather(s(1, 3), s(1, 2), s(2, 3), 0, 1), floats(1, 2, 3), s(1, 5),
                "3 3 3 3 3 3"));
        // With TotalTensorSizeInBytes 64 (1..16) the same reads land in the padding: index 1 reads 4 5 6.
        GatherOperatorDesc padded = new GatherOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3).withTotalTensorSizeInBytes(64),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 2), BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3),
                0, 1);
        probes.put("axis_size1_padded", probe(padded, range(1, 16), s(1, 2), "4 5 6 7 8 9"));
        // UINT64 is read as signed: 2^64 - 1 is -1 (the last column), 2^64 - 2 is -2; 2^32 + 1 keeps its low bits, 1.
        probes.put("u64_as_signed", probe(gather(TensorDataType.UINT64, s(3, 3), s(1, 3), s(3, 3), 1, 1), oneToNine,
                s(-1, -2, 4294967297L), "3 2 2 6 5 5 9 8 8"));
        // Negative INT32 indices wrap once: -1 is the last column.
        probes.put("negative_i32", probe(gather(TensorDataType.INT32, s(3, 3), s(1, 4), s(3, 4), 1, 1), oneToNine,
                s(-1, -2, -3, 0), "3 2 1 1 6 5 4 4 9 8 7 7"));
        // IndexDimensions 0, Output.Sizes[0] 3 for {5} packed: rows step by 5, offsets 0, 5, 10 -> clamped to 4.
        probes.put("k0_rows_step_packed", probe(gather(s(5), s(1), s(3), 0, 0), floats(10, 20, 30, 40, 50), s(0),
                "10 50 50"));
        probes.put("k0_rows_step_packed_index3", probe(gather(s(5), s(1), s(2), 0, 0), floats(10, 20, 30, 40, 50),
                s(3), "40 50"));
        // The same with Strides {2}: the rows step by 0.
        GatherOperatorDesc strided = new GatherOperatorDesc(
                BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(3L), List.of(2L)),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1), BufferTensorDesc.packed(TensorDataType.FLOAT32, 3),
                0, 0);
        probes.put("k0_rows_step_strided", probe(strided, floats(10, 20, 30, 40, 50), s(0), "10 10 10"));

        assertRecordedOutputs(real, probes, "§10");
        System.out.printf("GATHER: the real DirectML.dll gave the %d recorded outputs%n", probes.size());
    }

    /** The GATHER_ND and GATHER_ND1 outputs of docs/directml-behaviour.md §11.1 and §11.4. */
    @Test
    void theDllStillGivesTheRecordedGatherNdOutputs() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("GATHER_ND recorded outputs on the real DirectML");
        Map<String, Probe> probes = new LinkedHashMap<>();
        // The docs' examples: rows 1, 0 of {{0,1},{2,3}}; tuples (0,1), (1,0) of {2,2,2} = 0..7 read {2,3}, {4,5}.
        probes.put("nd_docs_1", probe(new GatherNdOperatorDesc(f32(2, 2), u32(2, 1), f32(2, 2), 2, 2), range(0, 3),
                s(1, 0), "2 3 0 1"));
        probes.put("nd_docs_2", probe(new GatherNdOperatorDesc(f32(1, 2, 2, 2), u32(1, 1, 2, 2), f32(1, 1, 2, 2), 3,
                2), range(0, 7), s(0, 1, 1, 0), "2 3 4 5"));
        // GATHER_ND1 example 2, batch 1: batch b reads (0,0) (1,1) / (1,1) (0,0) / (0,1) (1,0) of its 2x2 block.
        probes.put("nd1_docs_2", probe(new GatherNd1OperatorDesc(f32(1, 3, 2, 2), u32(1, 3, 2, 2), f32(1, 1, 3, 2),
                3, 3, 1), range(0, 11), s(0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0), "0 3 7 4 9 10"));
        // Indices batch 5 against the input's 3, each batch (0,0) (1,1): batch b reads 4b and 4b + 3, so batches 3
        // and 4 read offsets 12, 15, 16, 19, clamped to the last element 11 (§7.1) ...
        long[] twoTuplesPerBatch = s(0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1);
        probes.put("nd1_batch_idx_bigger", probe(new GatherNd1OperatorDesc(f32(1, 3, 2, 2), u32(1, 5, 2, 2),
                f32(1, 1, 5, 2), 3, 3, 1), range(0, 11), twoTuplesPerBatch, "0 3 4 7 8 11 11 11 11 11"));
        // ... or, with TotalTensorSizeInBytes 80 (0..19), the padding there.
        probes.put("nd1_batch_idx_bigger_padded", probe(new GatherNd1OperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3, 2, 2).withTotalTensorSizeInBytes(80),
                u32(1, 5, 2, 2), f32(1, 1, 5, 2), 3, 3, 1), range(0, 19), twoTuplesPerBatch,
                "0 3 4 7 8 11 12 15 16 19"));
        // Indices batch 1 against the input's 4: only batch 0, tuples (0,1) (1,0) read 1 and 2.
        probes.put("nd1_batch_idx_smaller", probe(new GatherNd1OperatorDesc(f32(1, 4, 2, 2), u32(1, 1, 2, 2),
                f32(1, 1, 1, 2), 3, 3, 1), range(0, 15), s(0, 1, 1, 0), "1 2"));
        assertRecordedOutputs(real, probes, "§11");
        System.out.printf("GATHER_ND, GATHER_ND1: the real DirectML.dll gave the %d recorded outputs%n",
                probes.size());
    }

    /** Runs every probe (each one the validator accepts) and compares the DLL's outputs with the recorded ones. */
    private static void assertRecordedOutputs(RealDirectMl real, Map<String, Probe> probes, String section)
            throws Exception {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        List<HarnessCase> cases = new ArrayList<>();
        for (Map.Entry<String, Probe> entry : probes.entrySet()) {
            Probe probe = entry.getValue();
            assertTrue(validator.validate(probe.desc(), FeatureLevel.LEVEL_6_4).isValid(), entry.getKey());
            cases.add(HarnessCase.fromDesc(entry.getKey(), probe.desc(), floatBytes(probe.input()),
                    indexBytes((BufferTensorDesc) probe.desc().tensorFields().get(1).desc(), probe.indices())));
        }
        Map<String, HarnessResult> results = real.execute(cases);
        Map<String, String> expected = new LinkedHashMap<>();
        Map<String, String> actual = new LinkedHashMap<>();
        probes.forEach((name, probe) -> {
            expected.put(name, probe.expected());
            HarnessResult result = results.get(name);
            actual.put(name, result.executed() ? String.join(" ", result.output().orElseThrow())
                    : "create=" + result.createText());
        });
        assertEquals(expected, actual, "DirectML no longer gives what docs/directml-behaviour.md " + section
                + " records");
    }

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static BufferTensorDesc u32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.UINT32, sizes);
    }

    private static Probe probe(OperatorDesc desc, float[] input, long[] indices, String expected) {
        return new Probe(desc, input, indices, expected);
    }

    private static GatherOperatorDesc gather(long[] input, long[] indices, long[] output, long axis,
            long indexDimensions) {
        return gather(TensorDataType.UINT32, input, indices, output, axis, indexDimensions);
    }

    private static GatherOperatorDesc gather(TensorDataType indexType, long[] input, long[] indices, long[] output,
            long axis, long indexDimensions) {
        return new GatherOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, input),
                BufferTensorDesc.packed(indexType, indices), BufferTensorDesc.packed(TensorDataType.FLOAT32, output),
                axis, indexDimensions);
    }

    private static ByteBuffer floatBytes(float[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            bytes.putFloat(value);
        }
        return bytes.flip();
    }

    /** 32-bit indices hold each value's low 32 bits, 64-bit ones its 64 bits. */
    private static ByteBuffer indexBytes(BufferTensorDesc indices, long[] values) {
        int size = indices.dataType().sizeInBytes();
        ByteBuffer bytes = ByteBuffer.allocate(size * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long value : values) {
            if (size == 8) {
                bytes.putLong(value);
            } else {
                bytes.putInt((int) value);
            }
        }
        assertEquals(bytes.capacity(), indices.totalTensorSizeInBytes());
        return bytes.flip();
    }

    private static float[] range(int from, int to) {
        float[] values = new float[to - from + 1];
        for (int i = 0; i < values.length; i++) {
            values[i] = from + i;
        }
        return values;
    }

    private static float[] floats(float... values) {
        return values;
    }

    private static long[] s(long... values) {
        return values;
    }
}
