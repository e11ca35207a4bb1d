package dev.dmlemu.featurelevels.shape;

import java.util.List;

/**
 * A slice desc's window arrays, named as its C fields: the sliced tensor (SLICE's input, SLICE_GRAD's output
 * gradient), the slice (SLICE's output, SLICE_GRAD's input gradient), and per dimension an offset, a size and a
 * stride (SLICE's UINT strides widened to long, SLICE1's INT strides as they are).
 */
record SliceWindows(String slicedField, String sliceField, String arrayPrefix, long dimensionCount,
        List<Long> offsets, List<Long> sizes, List<Long> strides) {

    SliceWindows {
        offsets = List.copyOf(offsets);
        sizes = List.copyOf(sizes);
        strides = List.copyOf(strides);
    }

    static List<Long> widened(List<Integer> strides) {
        return strides.stream().map(Integer::longValue).toList();
    }

    String offsetsField() {
        return arrayPrefix + "Offsets";
    }

    String sizesField() {
        return arrayPrefix + "Sizes";
    }

    String stridesField() {
        return arrayPrefix + "Strides";
    }
}
