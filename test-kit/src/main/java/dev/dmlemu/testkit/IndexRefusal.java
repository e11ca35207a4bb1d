package dev.dmlemu.testkit;

import java.util.List;

/**
 * Where a gather reference refused under {@link OutOfRangeModel#STRICT}: the output coordinate of the first
 * out-of-range index, in row-major output order, and that index's value as text (unsigned for UINT64).
 */
public interface IndexRefusal {

    List<Long> coordinate();

    String value();
}
