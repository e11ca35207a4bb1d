package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;

/**
 * The "Tensor support" tables of {@code DML_SCATTER_ELEMENTS_OPERATOR_DESC} and {@code DML_SCATTER_ND_OPERATOR_DESC},
 * transcribed block by block from the DirectML documentation (rows InputTensor, IndicesTensor, UpdatesTensor,
 * OutputTensor; data types in the docs' order; docs/directml-behaviour.md §12.2, §13.2).
 *
 * <table>
 *   <caption>Which block applies at which level</caption>
 *   <tr><th>Levels</th><th>SCATTER_ELEMENTS</th><th>SCATTER_ND</th></tr>
 *   <tr><td>1_0, 2_0</td><td>1_0: exactly 4 dimensions, FLOAT32/FLOAT16 data, UINT32 indices</td>
 *       <td>none: not available</td></tr>
 *   <tr><td>2_1</td><td>2_1: exactly 4 dimensions, 8 data types, UINT32 indices</td><td>2_1: the same</td></tr>
 *   <tr><td>3_0, 3_1, 4_0</td><td>3_0: 1 to 8 dimensions, INT64/INT32/UINT64/UINT32 indices</td>
 *       <td>3_0: the same</td></tr>
 *   <tr><td>4_1 … 6_4</td><td>4_1: adds FLOAT64, INT64, UINT64 data</td><td>4_1: the same</td></tr>
 * </table>
 */
public final class ScatterSupport {

    /** SCATTER_ELEMENTS, "DML_FEATURE_LEVEL_1_0 and above" (the level that introduced it). */
    public static final SupportTable ELEMENTS_BLOCK_1_0 = block(OperatorType.SCATTER_ELEMENTS, FeatureLevel.LEVEL_1_0,
            DimensionCounts.exactly(4), GatherFamilyTypes.DATA_1_0, GatherFamilyTypes.INDICES_UINT32);

    /** SCATTER_ELEMENTS, "DML_FEATURE_LEVEL_2_1 and above". */
    public static final SupportTable ELEMENTS_BLOCK_2_1 = block(OperatorType.SCATTER_ELEMENTS, FeatureLevel.LEVEL_2_1,
            DimensionCounts.exactly(4), GatherFamilyTypes.DATA_2_1, GatherFamilyTypes.INDICES_UINT32);

    /** SCATTER_ELEMENTS, "DML_FEATURE_LEVEL_3_0 and above". */
    public static final SupportTable ELEMENTS_BLOCK_3_0 = block(OperatorType.SCATTER_ELEMENTS, FeatureLevel.LEVEL_3_0,
            DimensionCounts.range(1, 8), GatherFamilyTypes.DATA_2_1, GatherFamilyTypes.INDICES_3_0);

    /** SCATTER_ELEMENTS, "DML_FEATURE_LEVEL_4_1 and above". */
    public static final SupportTable ELEMENTS_BLOCK_4_1 = block(OperatorType.SCATTER_ELEMENTS, FeatureLevel.LEVEL_4_1,
            DimensionCounts.range(1, 8), GatherFamilyTypes.DATA_4_1, GatherFamilyTypes.INDICES_3_0);

    /** SCATTER_ND, "DML_FEATURE_LEVEL_2_1 and above" (the level that introduced it). */
    public static final SupportTable ND_BLOCK_2_1 = block(OperatorType.SCATTER_ND, FeatureLevel.LEVEL_2_1,
            DimensionCounts.exactly(4), GatherFamilyTypes.DATA_2_1, GatherFamilyTypes.INDICES_UINT32);

    /** SCATTER_ND, "DML_FEATURE_LEVEL_3_0 and above". */
    public static final SupportTable ND_BLOCK_3_0 = block(OperatorType.SCATTER_ND, FeatureLevel.LEVEL_3_0,
            DimensionCounts.range(1, 8), GatherFamilyTypes.DATA_2_1, GatherFamilyTypes.INDICES_3_0);

    /** SCATTER_ND, "DML_FEATURE_LEVEL_4_1 and above". */
    public static final SupportTable ND_BLOCK_4_1 = block(OperatorType.SCATTER_ND, FeatureLevel.LEVEL_4_1,
            DimensionCounts.range(1, 8), GatherFamilyTypes.DATA_4_1, GatherFamilyTypes.INDICES_3_0);

    /** SCATTER_ELEMENTS's blocks, oldest first: 1_0, 2_1, 3_0, 4_1. */
    public static final OperatorSupport ELEMENTS_SUPPORT = new OperatorSupport(OperatorType.SCATTER_ELEMENTS,
            List.of(ELEMENTS_BLOCK_1_0, ELEMENTS_BLOCK_2_1, ELEMENTS_BLOCK_3_0, ELEMENTS_BLOCK_4_1));

    /** SCATTER_ND's blocks, oldest first: 2_1, 3_0, 4_1. */
    public static final OperatorSupport ND_SUPPORT = new OperatorSupport(OperatorType.SCATTER_ND,
            List.of(ND_BLOCK_2_1, ND_BLOCK_3_0, ND_BLOCK_4_1));

    private ScatterSupport() {}

    private static SupportTable block(OperatorType operator, FeatureLevel since, DimensionCounts dims,
            List<TensorDataType> data, List<TensorDataType> indices) {
        return SupportTable.inputIndicesUpdatesOutput(operator, since, dims, data, indices);
    }
}
