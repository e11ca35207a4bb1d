package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * JOIN and SPLIT probes: one to four parts of random sizes 2 to 3 off a random Axis and 1 to 3 along it, the whole
 * their sum along it (docs/directml-behaviour.md §14.3); broken by the axis, a part's size off it, or the sum.
 */
final class ConcatenationShaper extends OperatorShaper {

    private final String whole;
    private final String parts;
    private final String count;

    private ConcatenationShaper(OperatorType type, String whole, String parts, String count) {
        super(type);
        this.whole = whole;
        this.parts = parts;
        this.count = count;
    }

    static ConcatenationShaper join() {
        return new ConcatenationShaper(OperatorType.JOIN, "OutputTensor", "InputTensors", "InputCount");
    }

    static ConcatenationShaper split() {
        return new ConcatenationShaper(OperatorType.SPLIT, "InputTensor", "OutputTensors", "OutputCount");
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc all = (BufferTensorDesc) values.get(whole);
        BufferTensorDesc first = (BufferTensorDesc) ((List<?>) values.get(parts)).get(0);
        int rank = (int) all.dimensionCount();
        int axis = random.nextInt(rank);
        long[] sizes = new long[rank];
        for (int i = 0; i < rank; i++) {
            sizes[i] = 2 + random.nextInt(2);
        }
        int n = 1 + random.nextInt(4);
        List<TensorDesc> members = new ArrayList<>();
        long sum = 0;
        for (int p = 0; p < n; p++) {
            long[] part = sizes.clone();
            part[axis] = 1 + random.nextInt(3);
            sum += part[axis];
            members.add(BufferTensorDesc.packed(first.dataType(), part));
        }
        sizes[axis] = sum;
        values.put(whole, BufferTensorDesc.packed(all.dataType(), sizes));
        values.put(parts, List.copyOf(members));
        values.put(count, (long) n);
        values.put("Axis", (long) axis);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc all = (BufferTensorDesc) values.get(whole);
        int rank = (int) all.dimensionCount();
        long axis = (Long) values.get("Axis");
        int pick = random.nextInt(rank > 1 ? 3 : 2);
        if (pick == 0) {
            values.put("Axis", (long) rank);
            return Optional.of("Axis " + rank + " of " + rank + " dimensions");
        }
        if (pick == 1) {
            long[] sizes = all.sizes().stream().mapToLong(Long::longValue).toArray();
            sizes[(int) axis] += 1;
            values.put(whole, BufferTensorDesc.packed(all.dataType(), sizes));
            return Optional.of(whole + ".Sizes[" + axis + "] one above the sum");
        }
        List<Object> members = new ArrayList<>((List<?>) values.get(parts));
        int p = random.nextInt(members.size());
        BufferTensorDesc member = (BufferTensorDesc) members.get(p);
        long[] sizes = member.sizes().stream().mapToLong(Long::longValue).toArray();
        int off = (int) ((axis + 1 + random.nextInt(rank - 1)) % rank);
        sizes[off] += 1;
        members.set(p, BufferTensorDesc.packed(member.dataType(), sizes));
        values.put(parts, List.copyOf(members));
        return Optional.of(parts + "[" + p + "].Sizes[" + off + "] off the axis");
    }
}
