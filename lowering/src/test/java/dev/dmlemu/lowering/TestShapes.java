package dev.dmlemu.lowering;

import java.util.ArrayList;
import java.util.List;

/** Shapes as the property tests draw them (int arrays) and as nodes hold them (lists of longs). */
final class TestShapes {

    private TestShapes() {}

    static int count(int[] shape) {
        int count = 1;
        for (int size : shape) {
            count *= size;
        }
        return count;
    }

    static long product(List<Long> shape) {
        long product = 1;
        for (long size : shape) {
            product *= size;
        }
        return product;
    }

    static List<Long> longs(int[] shape) {
        List<Long> list = new ArrayList<>();
        for (int size : shape) {
            list.add((long) size);
        }
        return list;
    }
}
