package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.ElementAddressing;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.TensorKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;

/**
 * Explicit {@code Strides} on one tensor of a valid desc, for any operator: the campaign's one stride mutation
 * (docs/directml-behaviour.md §5.3, §14.1). Each kind changes the strides (and with them
 * {@code TotalTensorSizeInBytes}) of one tensor and nothing else, so the probe tests one stride rule; the sizes stay
 * those the tables and the shaper drew.
 */
final class StrideMutation {

    /** What a stride probe does to its tensor. */
    enum Kind {
        /** Strides larger than packed, the total grown to match: any tensor. */
        PADDED,
        /** A 0 stride on an input (one dimension, or every dimension). */
        BROADCAST_INPUT,
        /** The packed strides of a permutation of the dimensions: any tensor. */
        TRANSPOSED,
        /** Random strides from 0 to the element count on an input, elements overlapping as they fall. */
        INPUT_ARBITRARY,
        /** A 0 stride on an output dimension. */
        OUTPUT_ZERO_STRIDE,
        /** Two output dimensions of size above 1 with the same stride. */
        OUTPUT_EQUAL_STRIDES,
        /** Output strides that pass DirectML's aliasing check yet address an element twice. */
        OUTPUT_OVERLAPPING,
        /** Padded strides with a total one element short of them (one byte for a 4-bit type). */
        TOTAL_ONE_ELEMENT_SHORT,
        /** Padded strides with a total that holds every element but is not rounded up to 4 bytes. */
        TOTAL_UNROUNDED
    }

    private record Slot(String field, int index, TensorKind direction, BufferTensorDesc tensor) {
        String name() {
            return index < 0 ? field : field + "[" + index + "]";
        }
    }

    private final OperatorSchema schema;

    StrideMutation(OperatorSchema schema) {
        this.schema = schema;
    }

    /** Applies one kind to a tensor it fits, or says no tensor of the desc fits it. */
    Optional<String> apply(Kind kind, Map<String, Object> values, Random random) {
        return switch (kind) {
            case PADDED -> pick(values, random, slot -> slot.tensor().sizes().size() > 0)
                    .map(slot -> set(values, slot, padded(slot.tensor(), random), "padded"));
            case TRANSPOSED -> pick(values, random, slot -> countAboveOne(slot.tensor()) >= 2)
                    .map(slot -> set(values, slot, transposed(slot.tensor(), random), "transposed"));
            case INPUT_ARBITRARY -> pick(values, random, slot -> slot.direction() == TensorKind.INPUT
                    && countAboveOne(slot.tensor()) >= 1).map(slot -> set(values, slot,
                            arbitrary(slot.tensor(), random), "arbitrary strides"));
            case BROADCAST_INPUT -> pick(values, random, slot -> slot.direction() == TensorKind.INPUT
                    && countAboveOne(slot.tensor()) >= 1).map(slot -> set(values, slot,
                            broadcast(slot.tensor(), random), "broadcast"));
            case OUTPUT_ZERO_STRIDE -> pick(values, random, slot -> slot.direction() == TensorKind.OUTPUT
                    && slot.tensor().sizes().size() > 0).map(slot -> set(values, slot,
                            zeroStride(slot.tensor(), random), "a 0 stride"));
            case OUTPUT_EQUAL_STRIDES -> pick(values, random, slot -> slot.direction() == TensorKind.OUTPUT
                    && countAboveOne(slot.tensor()) >= 2).map(slot -> set(values, slot,
                            equalStrides(slot.tensor(), random), "equal strides"));
            case OUTPUT_OVERLAPPING -> pick(values, random, slot -> slot.direction() == TensorKind.OUTPUT
                    && countAboveOne(slot.tensor()) >= 2).flatMap(slot -> overlapping(slot.tensor(), random)
                            .map(tensor -> set(values, slot, tensor, "overlapping strides")));
            case TOTAL_ONE_ELEMENT_SHORT -> pick(values, random, slot -> slot.tensor().sizes().size() > 0)
                    .map(slot -> {
                        BufferTensorDesc tensor = padded(slot.tensor(), random);
                        long bytes = unroundedBytes(tensor);
                        // A byte for a 4-bit type: two elements, the least a byte count can be short by.
                        long element = Math.max(1, tensor.dataType().sizeInBits() / 8);
                        return set(values, slot, tensor.withTotalTensorSizeInBytes(Math.max(0, bytes - element)),
                                "padded strides, the total one element short");
                    });
            case TOTAL_UNROUNDED -> pick(values, random, slot -> slot.tensor().sizes().size() > 0)
                    .map(slot -> {
                        BufferTensorDesc tensor = padded(slot.tensor(), random);
                        long bytes = unroundedBytes(tensor);
                        // Every element fits but the size is not rounded up; already a multiple of 4, one byte short.
                        long total = bytes % 4 != 0 ? bytes : bytes - 1;
                        return set(values, slot, tensor.withTotalTensorSizeInBytes(total),
                                "padded strides, the total not rounded up to 4");
                    });
        };
    }

    // ---- the strides ----

    /** Each stride at least the next one times its size, plus a pad of 0 to 3; at least one pad is positive. */
    private static BufferTensorDesc padded(BufferTensorDesc tensor, Random random) {
        List<Long> sizes = tensor.sizes();
        int rank = sizes.size();
        long[] pads = new long[rank];
        for (int i = 0; i < rank; i++) {
            pads[i] = random.nextInt(4);
        }
        pads[random.nextInt(rank)] = 1 + random.nextInt(3);
        Long[] strides = new Long[rank];
        long next = 0;
        for (int i = rank - 1; i >= 0; i--) {
            strides[i] = (i == rank - 1 ? 1 : Math.multiplyExact(next, sizes.get(i + 1))) + pads[i];
            next = strides[i];
        }
        return strided(tensor, List.of(strides));
    }

    /** The packed strides of a random order of the dimensions other than the identity. */
    private static BufferTensorDesc transposed(BufferTensorDesc tensor, Random random) {
        List<Long> sizes = tensor.sizes();
        int rank = sizes.size();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            order.add(i);
        }
        List<Long> packed = BufferTensorMath.packedStrides(sizes);
        Long[] strides;
        do {
            Collections.shuffle(order, random);
            strides = new Long[rank];
            long stride = 1;
            for (int k = rank - 1; k >= 0; k--) {
                strides[order.get(k)] = stride;
                stride = Math.multiplyExact(stride, sizes.get(order.get(k)));
            }
        } while (List.of(strides).equals(packed));
        return strided(tensor, List.of(strides));
    }

    /** Each stride drawn from 0 to the element count. */
    private static BufferTensorDesc arbitrary(BufferTensorDesc tensor, Random random) {
        int bound = (int) Math.min(BufferTensorMath.elementCount(tensor.sizes()), 64) + 1;
        List<Long> strides = new ArrayList<>();
        for (int i = 0; i < tensor.sizes().size(); i++) {
            strides.add((long) random.nextInt(bound));
        }
        return strided(tensor, strides);
    }

    /** The packed strides with a 0 on one dimension of size above 1, or on every dimension. */
    private static BufferTensorDesc broadcast(BufferTensorDesc tensor, Random random) {
        List<Long> strides = new ArrayList<>(BufferTensorMath.packedStrides(tensor.sizes()));
        if (random.nextInt(3) == 0) {
            Collections.fill(strides, 0L);
        } else {
            strides.set(randomDimensionAboveOne(tensor, random), 0L);
        }
        return strided(tensor, strides);
    }

    /** The packed strides with a 0 on one dimension: of size above 1 where there is one. */
    private static BufferTensorDesc zeroStride(BufferTensorDesc tensor, Random random) {
        List<Long> strides = new ArrayList<>(BufferTensorMath.packedStrides(tensor.sizes()));
        int dimension = countAboveOne(tensor) > 0 ? randomDimensionAboveOne(tensor, random)
                : random.nextInt(strides.size());
        strides.set(dimension, 0L);
        return strided(tensor, strides);
    }

    /** Padded strides, then one dimension of size above 1 given another's stride. */
    private static BufferTensorDesc equalStrides(BufferTensorDesc tensor, Random random) {
        List<Long> strides = new ArrayList<>(padded(tensor, random).strides().orElseThrow());
        int a = randomDimensionAboveOne(tensor, random);
        int b;
        do {
            b = randomDimensionAboveOne(tensor, random);
        } while (b == a);
        strides.set(a, strides.get(b));
        return strided(tensor, strides);
    }

    /**
     * Random strides over the dimensions of size above 1 (1 on the others) that DirectML's aliasing check passes
     * (no 0, no two equal, IndexOfLastElement + 1 at least the element count) while two elements share an offset.
     */
    private static Optional<BufferTensorDesc> overlapping(BufferTensorDesc tensor, Random random) {
        List<Long> sizes = tensor.sizes();
        long count = BufferTensorMath.elementCount(sizes);
        for (int attempt = 0; attempt < 200; attempt++) {
            List<Long> strides = new ArrayList<>();
            for (long size : sizes) {
                strides.add(size == 1 ? 1L : 1L + random.nextInt((int) Math.min(count, 64)));
            }
            if (passesAliasingCheck(sizes, strides, count)
                    && BufferTensorMath.addressing(sizes, strides) == ElementAddressing.OVERLAPPING) {
                return Optional.of(strided(tensor, strides));
            }
        }
        return Optional.empty();
    }

    private static boolean passesAliasingCheck(List<Long> sizes, List<Long> strides, long count) {
        for (int i = 0; i < sizes.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (sizes.get(i) > 1 && sizes.get(j) > 1 && strides.get(i).equals(strides.get(j))) {
                    return false;
                }
            }
        }
        return BufferTensorMath.indexOfLastElement(sizes, strides) + 1 >= count;
    }

    // ---- helpers ----

    private static BufferTensorDesc strided(BufferTensorDesc tensor, List<Long> strides) {
        return tensor.withStrides(Optional.of(List.copyOf(strides))).withTotalTensorSizeInBytes(
                BufferTensorMath.calcBufferTensorSize(tensor.dataType(), tensor.sizes(), Optional.of(strides)));
    }

    /** The bytes the strides address, before DMLCalcBufferTensorSize rounds them up to 4. */
    private static long unroundedBytes(BufferTensorDesc tensor) {
        long elements = Math.addExact(BufferTensorMath.indexOfLastElement(tensor.sizes(),
                tensor.strides().orElseThrow()), 1);
        long bits = Math.multiplyExact(elements, tensor.dataType().sizeInBits());
        return (bits + 7) / 8;
    }

    private static int countAboveOne(BufferTensorDesc tensor) {
        return (int) tensor.sizes().stream().filter(size -> size > 1).count();
    }

    private static int randomDimensionAboveOne(BufferTensorDesc tensor, Random random) {
        List<Integer> above = new ArrayList<>();
        for (int i = 0; i < tensor.sizes().size(); i++) {
            if (tensor.sizes().get(i) > 1) {
                above.add(i);
            }
        }
        return above.get(random.nextInt(above.size()));
    }

    /**
     * A random present buffer tensor (an array's members each count) that the filter accepts; three times in four one
     * with a dimension of size above 1 where the desc has one, since strides on sizes of 1 address nothing new.
     */
    private Optional<Slot> pick(Map<String, Object> values, Random random, Predicate<Slot> fits) {
        List<Slot> slots = new ArrayList<>();
        for (DescField field : schema.fields()) {
            if (!field.type().isTensor()) {
                continue;
            }
            TensorKind direction = field.direction().orElseThrow();
            Object value = values.get(field.cName());
            if (value instanceof List<?> list) {
                for (int i = 0; i < list.size(); i++) {
                    if (list.get(i) instanceof BufferTensorDesc buffer) {
                        slots.add(new Slot(field.cName(), i, direction, buffer));
                    }
                }
            } else if (value instanceof BufferTensorDesc buffer) {
                slots.add(new Slot(field.cName(), -1, direction, buffer));
            }
        }
        List<Slot> fitting = slots.stream().filter(fits).toList();
        List<Slot> larger = fitting.stream().filter(slot -> countAboveOne(slot.tensor()) > 0).toList();
        if (!larger.isEmpty() && random.nextInt(4) != 0) {
            fitting = larger;
        }
        return fitting.isEmpty() ? Optional.empty() : Optional.of(fitting.get(random.nextInt(fitting.size())));
    }

    private static String set(Map<String, Object> values, Slot slot, BufferTensorDesc tensor, String what) {
        if (slot.index() < 0) {
            values.put(slot.field(), tensor);
        } else {
            List<Object> changed = new ArrayList<>((List<?>) values.get(slot.field()));
            changed.set(slot.index(), tensor);
            values.put(slot.field(), changed);
        }
        return slot.name() + " " + tensor.dataType() + " " + what + ": Sizes " + tensor.sizes() + ", Strides "
                + tensor.strides().orElseThrow() + ", TotalTensorSizeInBytes " + tensor.totalTensorSizeInBytes();
    }
}
