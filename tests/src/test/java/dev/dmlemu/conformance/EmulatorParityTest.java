package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The emulator (default DirectML index policy) against the real DirectML.dll, bit for bit, on seeded random valid
 * cases: every data type the harness device supports (FLOAT16/INT16/UINT16 are unsupported there), every index
 * type, ranks 1-8, every axis, padded/transposed/zero strides, padded TotalTensorSizeInBytes, and indices that are
 * in range, negative, just out of range or huge. All cases go through the DLL in one harness run.
 */
class EmulatorParityTest {

    private static final int CASES = 400;
    private static final long SEED = 0x5EED_4D4CL;

    private static final TensorDataType[] DATA_TYPES = {TensorDataType.FLOAT32, TensorDataType.FLOAT64,
        TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.INT32, TensorDataType.UINT32,
        TensorDataType.INT64, TensorDataType.UINT64};
    private static final TensorDataType[] INDEX_TYPES = {TensorDataType.INT32, TensorDataType.UINT32,
        TensorDataType.INT64, TensorDataType.UINT64};

    @Test
    void matchesTheRealDirectMlBitForBit() throws Exception {
        Optional<RealDirectMl> real = RealDirectMl.locate();
        if (real.isEmpty()) {
            System.out.println("SKIPPED EmulatorParityTest: " + RealDirectMl.unavailableReason());
        }
        assumeTrue(real.isPresent(), RealDirectMl::unavailableReason);

        Random random = new Random(SEED);
        List<ParityCase> cases = new ArrayList<>();
        FeatureLevelValidator validator = new FeatureLevelValidator();
        while (cases.size() < CASES) {
            ParityCase c = ParityCase.generate("p" + cases.size(), random);
            ValidationResult result = validator.validate(c.desc, FeatureLevel.LEVEL_6_4);
            assertTrue(result.isValid(), () -> c.name + " must be valid by construction: " + result);
            c.validation = result;
            cases.add(c);
        }
        Map<String, HarnessResult> results = real.get().execute(cases.stream()
                .map(c -> HarnessCase.fromDesc(c.name, c.desc, c.input.duplicate(), c.indices.duplicate()))
                .toList());

        int compared = 0;
        int withOutOfRange = 0;
        int withNegative = 0;
        try (Emulator emulator = new Emulator()) {
            for (ParityCase c : cases) {
                HarnessResult result = results.get(c.name);
                assertTrue(result.executed(), () -> c.name + " did not run on the real DLL: create="
                        + result.createText() + "\n" + c.caseText());
                ByteBuffer output = ByteBuffer.allocate((int) c.outputTotal());
                try (PreparedOperator prepared = emulator.prepare(c.validation.validated())) {
                    prepared.execute(Bindings.of(BufferBinding.of(c.input), BufferBinding.of(c.indices),
                            BufferBinding.of(output)));
                }
                ByteBuffer expected = HarnessCase.HarnessValues.parse(c.dataType, result.output().orElseThrow());
                ByteBuffer actual = c.logicalOutput(output);
                assertEquals(hex(expected), hex(actual), () -> c.name + " differs from the real DLL\n" + c.caseText()
                        + "\nDLL printed: " + result.output().orElseThrow());
                compared++;
                withOutOfRange += c.hasOutOfRange ? 1 : 0;
                withNegative += c.hasNegative ? 1 : 0;
            }
        }
        System.out.println("EmulatorParityTest: " + compared + " cases bit-identical with the real DirectML.dll ("
                + withOutOfRange + " with out-of-range indices, " + withNegative + " with negative in-range indices)");
        assertEquals(CASES, compared);
    }

    private static String hex(ByteBuffer bytes) {
        byte[] array = new byte[bytes.remaining()];
        bytes.duplicate().get(array);
        return HexFormat.of().formatHex(array);
    }

    /** One random case: desc and little-endian buffers of exactly TotalTensorSizeInBytes. */
    private static final class ParityCase {
        String name;
        GatherElementsOperatorDesc desc;
        ValidationResult validation;
        TensorDataType dataType;
        long[] outputSizes;
        long[] outputStrides;
        ByteBuffer input;
        ByteBuffer indices;
        boolean hasOutOfRange;
        boolean hasNegative;

        static ParityCase generate(String name, Random r) {
            ParityCase c = new ParityCase();
            c.name = name;
            c.dataType = DATA_TYPES[r.nextInt(DATA_TYPES.length)];
            TensorDataType indexType = INDEX_TYPES[r.nextInt(INDEX_TYPES.length)];
            int rank = 1 + r.nextInt(8);
            int axis = r.nextInt(rank);
            long[] inSizes = new long[rank];
            long[] idxSizes = new long[rank];
            long count = 1;
            for (int d = 0; d < rank; d++) {
                long size = count > 64 ? 1 : 1 + r.nextInt(r.nextInt(4) == 0 ? 5 : 3);
                inSizes[d] = size;
                idxSizes[d] = size;
                count *= size;
            }
            inSizes[axis] = 1 + r.nextInt(r.nextInt(3) == 0 ? 7 : 3);
            idxSizes[axis] = 1 + r.nextInt(4);
            long[] inStrides = strides(r, inSizes, true);
            long[] idxStrides = strides(r, idxSizes, true);
            c.outputSizes = idxSizes;
            long[] outStridesOrNull = strides(r, idxSizes, false);
            c.outputStrides = outStridesOrNull != null ? outStridesOrNull : packed(idxSizes);
            int es = c.dataType.sizeInBytes();
            int xs = indexType.sizeInBytes();
            BufferTensorDesc in = tensor(c.dataType, inSizes, inStrides, r, true);
            BufferTensorDesc idx = tensor(indexType, idxSizes, idxStrides, r, true);
            BufferTensorDesc out = tensor(c.dataType, idxSizes, outStridesOrNull, r, false);
            c.desc = new GatherElementsOperatorDesc(in, idx, out, axis);

            c.input = ByteBuffer.allocate((int) in.totalTensorSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
            for (int at = 0; at + es <= c.input.capacity(); at += es) {
                putValue(c.input, at, c.dataType, r);
            }
            c.indices = ByteBuffer.allocate((int) idx.totalTensorSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
            long axisSize = inSizes[axis];
            boolean inRangeOnly = r.nextInt(4) == 0;
            for (int at = 0; at + xs <= c.indices.capacity(); at += xs) {
                long value = inRangeOnly ? (long) (r.nextDouble() * axisSize) : indexValue(r, axisSize);
                boolean signed = indexType.isSignedInteger();
                long read = xs == 4 ? (signed ? (int) value : value & 0xFFFF_FFFFL) : value;
                c.hasOutOfRange |= signed ? (read < -axisSize || read >= axisSize)
                        : Long.compareUnsigned(read, axisSize) >= 0;
                c.hasNegative |= signed && read < 0 && read >= -axisSize;
                if (xs == 4) {
                    c.indices.putInt(at, (int) value);
                } else {
                    c.indices.putLong(at, value);
                }
            }
            return c;
        }

        long outputTotal() {
            return ((BufferTensorDesc) desc.outputTensor()).totalTensorSizeInBytes();
        }

        /** The output's logical elements in row-major order, read through the output strides. */
        ByteBuffer logicalOutput(ByteBuffer output) {
            int es = dataType.sizeInBytes();
            long count = Arrays.stream(outputSizes).reduce(1, (a, b) -> a * b);
            ByteBuffer logical = ByteBuffer.allocate((int) count * es);
            for (long e = 0; e < count; e++) {
                long rest = e;
                long offset = 0;
                for (int d = outputSizes.length - 1; d >= 0; d--) {
                    offset += (rest % outputSizes[d]) * outputStrides[d];
                    rest /= outputSizes[d];
                }
                for (int k = 0; k < es; k++) {
                    logical.put(output.get((int) (offset * es + k)));
                }
            }
            return logical.flip();
        }

        String caseText() {
            return HarnessCase.fromDesc(name, desc, input.duplicate(), indices.duplicate()).toCaseText();
        }

        private static void putValue(ByteBuffer b, int at, TensorDataType type, Random r) {
            switch (type) {
                case FLOAT32 -> b.putFloat(at, r.nextInt(16) == 0 ? -0.0f : (r.nextInt(4000) - 2000) / 16f);
                case FLOAT64 -> b.putDouble(at, r.nextInt(16) == 0 ? -0.0 : r.nextGaussian() * 1e6);
                case INT8, UINT8 -> b.put(at, (byte) r.nextInt());
                case INT32, UINT32 -> b.putInt(at, r.nextInt());
                case INT64, UINT64 -> b.putLong(at, r.nextLong());
                default -> throw new IllegalArgumentException(type.name());
            }
        }

        private static long indexValue(Random r, long axisSize) {
            int kind = r.nextInt(20);
            if (kind < 10) {
                return (long) (r.nextDouble() * axisSize);
            }
            if (kind < 13) {
                return -1 - (long) (r.nextDouble() * axisSize);
            }
            if (kind < 16) {
                return r.nextBoolean() ? axisSize + r.nextInt(4) : -axisSize - 1 - r.nextInt(4);
            }
            long[] huge = {Integer.MAX_VALUE, Integer.MIN_VALUE, 0xFFFF_FFFFL, 1L << 32, (1L << 32) + 1,
                (1L << 32) - axisSize, -(1L << 32), Long.MAX_VALUE, Long.MIN_VALUE, -1L, 1431655765L, 2863311531L,
                (1L << 31) + 1, r.nextLong()};
            return huge[r.nextInt(huge.length)];
        }

        /** Absent, padded, transposed or (where allowed) zero strides. */
        private static long[] strides(Random r, long[] sizes, boolean allowZero) {
            int rank = sizes.length;
            int kind = r.nextInt(5);
            if (kind == 0) {
                return null;
            }
            List<Integer> order = new ArrayList<>();
            for (int d = 0; d < rank; d++) {
                order.add(d);
            }
            if (kind == 2) {
                Collections.shuffle(order, r);
            }
            long[] strides = new long[rank];
            long next = 1;
            for (int i = rank - 1; i >= 0; i--) {
                int d = order.get(i);
                strides[d] = next * (kind >= 3 && r.nextInt(3) == 0 ? 1 + r.nextInt(3) : 1);
                next = strides[d] * sizes[d] + (kind >= 3 && r.nextBoolean() ? r.nextInt(3) : 0);
            }
            for (int d = 0; d < rank; d++) {
                if (allowZero && kind == 4 && r.nextInt(3) == 0) {
                    strides[d] = 0;
                }
            }
            return strides;
        }

        private static BufferTensorDesc tensor(TensorDataType type, long[] sizes, long[] strides, Random r,
                boolean pad) {
            long[] effective = strides != null ? strides : packed(sizes);
            long last = 0;
            for (int d = 0; d < sizes.length; d++) {
                last += (sizes[d] - 1) * effective[d];
            }
            long minimum = ((last + 1) * type.sizeInBytes() + 3) & ~3L;
            long total = minimum + (pad && r.nextInt(3) == 0 ? r.nextInt(4) * 4L + (r.nextInt(4) == 0 ? 1 : 0) : 0);
            return new BufferTensorDesc(type, TensorFlags.NONE, sizes.length, Arrays.stream(sizes).boxed().toList(),
                    Optional.ofNullable(strides).map(s -> Arrays.stream(s).boxed().toList()), total, 0);
        }

        private static long[] packed(long[] sizes) {
            long[] strides = new long[sizes.length];
            long next = 1;
            for (int d = sizes.length - 1; d >= 0; d--) {
                strides[d] = next;
                next *= sizes[d];
            }
            return strides;
        }
    }
}
