package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.NonzeroCoordinatesOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * NONZERO_COORDINATES beyond its tables, as DirectML.dll 1.15.4 refuses (docs/directml-behaviour.md §14.4): the
 * count tensor holds one element (every size 1), and the coordinates tensor is {@code [1, ..., 1, N, r]} with
 * {@code N} the input's element count and {@code r} its DimensionCount.
 */
public final class NonzeroCoordinatesShapeRules extends OperatorShapeRules<NonzeroCoordinatesOperatorDesc> {

    public NonzeroCoordinatesShapeRules() {
        super(OperatorType.NONZERO_COORDINATES, NonzeroCoordinatesOperatorDesc.class);
    }

    @Override
    public void check(NonzeroCoordinatesOperatorDesc desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        BufferTensorDesc count = check.required("OutputCountTensor");
        BufferTensorDesc coordinates = check.required("OutputCoordinatesTensor");
        List<Long> ones = Collections.nCopies(count.sizes().size(), 1L);
        if (!count.sizes().equals(ones)) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, "OutputCountTensor.Sizes", "expected " + ones
                    + " (one element) but got " + count.sizes());
        }
        long elements = 1;
        for (long size : input.sizes()) {
            elements = Math.multiplyExact(elements, size); // sizes are UINT32 and at most 8: no overflow in 64 bits
        }
        List<Long> expected = new ArrayList<>(Collections.nCopies(coordinates.sizes().size() - 2, 1L));
        expected.add(elements);
        expected.add(input.dimensionCount());
        if (!coordinates.sizes().equals(expected)) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, "OutputCoordinatesTensor.Sizes", "expected " + expected
                    + " (InputTensor's element count and DimensionCount) but got " + coordinates.sizes());
        }
    }
}
