package dev.dmlemu.testkit;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.TopK1OperatorDesc;
import dev.dmlemu.desc.TopKOperatorDesc;
import java.util.ArrayList;
import java.util.List;

/**
 * DML_TOP_K and DML_TOP_K1 as their docs state them (the K largest, or for TOP_K1 with INCREASING the K smallest,
 * along Axis, with their positions), in the order measured on the real DLL (docs/directml-behaviour.md §16.7): the
 * line's positions start as runs of one; then, round after round, each run is merged with the run after it (a last run
 * without a partner stays), a merge taking the head of the earlier run whenever it is at least as far toward the
 * extremum as the head of the later run ({@code >=} or {@code <=}, false against a NaN). Runs are lists, merged into
 * new lists: no state is shared between rounds.
 */
public final class NaiveTopK {

    private NaiveTopK() {}

    public static List<byte[]> run(MovementCase movement) {
        int axis;
        long k;
        boolean smallest;
        if (movement.desc() instanceof TopKOperatorDesc d) {
            axis = (int) d.axis();
            k = d.k();
            smallest = false;
        } else {
            TopK1OperatorDesc d = (TopK1OperatorDesc) movement.desc();
            axis = (int) d.axis();
            k = d.k();
            smallest = d.axisDirection() == AxisDirection.INCREASING;
        }
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout in = elements.input(0);
        TensorBytes input = movement.inputs().get(0);
        SelectionOrder order = new SelectionOrder(in.type());
        long[] sizes = in.sizes();
        int length = (int) sizes[axis];
        int indexWidth = elements.output(1).elementSize();
        byte[] index = new byte[8];
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] at = Shapes.coordinate(e, sizes);
            if (at[axis] != 0) {
                continue;
            }
            long[] line = new long[length];
            for (int p = 0; p < length; p++) {
                long[] from = at.clone();
                from[axis] = p;
                line[p] = LittleEndian.bits(input.bytes(), in.byteAt(input, from), in.elementSize());
            }
            List<Integer> sorted = sort(line, order, smallest);
            for (int rank = 0; rank < k; rank++) {
                long[] from = at.clone();
                from[axis] = sorted.get(rank);
                long[] to = at.clone();
                to[axis] = rank;
                elements.copy(0, from, 0, to);
                LittleEndian.put(index, 0, indexWidth, sorted.get(rank));
                elements.put(1, to, index, 0);
            }
        }
        return elements.outputs();
    }

    private static List<Integer> sort(long[] line, SelectionOrder order, boolean smallest) {
        List<List<Integer>> runs = new ArrayList<>();
        for (int p = 0; p < line.length; p++) {
            runs.add(List.of(p));
        }
        while (runs.size() > 1) {
            List<List<Integer>> merged = new ArrayList<>();
            for (int i = 0; i < runs.size(); i += 2) {
                merged.add(i + 1 < runs.size() ? merge(runs.get(i), runs.get(i + 1), line, order, smallest)
                        : runs.get(i));
            }
            runs = merged;
        }
        return runs.get(0);
    }

    private static List<Integer> merge(List<Integer> earlier, List<Integer> later, long[] line, SelectionOrder order,
            boolean smallest) {
        List<Integer> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < earlier.size() || j < later.size()) {
            boolean takeEarlier;
            if (j == later.size()) {
                takeEarlier = true;
            } else if (i == earlier.size()) {
                takeEarlier = false;
            } else {
                long a = line[earlier.get(i)];
                long b = line[later.get(j)];
                takeEarlier = smallest ? order.atOrBelow(a, b) : order.atOrAbove(a, b);
            }
            out.add(takeEarlier ? earlier.get(i++) : later.get(j++));
        }
        return out;
    }
}
