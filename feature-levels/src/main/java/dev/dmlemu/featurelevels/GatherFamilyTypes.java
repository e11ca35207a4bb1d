package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.TensorDataType.FLOAT16;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.FLOAT64;
import static dev.dmlemu.desc.TensorDataType.INT16;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static dev.dmlemu.desc.TensorDataType.INT64;
import static dev.dmlemu.desc.TensorDataType.INT8;
import static dev.dmlemu.desc.TensorDataType.UINT16;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static dev.dmlemu.desc.TensorDataType.UINT64;
import static dev.dmlemu.desc.TensorDataType.UINT8;

import dev.dmlemu.desc.TensorDataType;
import java.util.List;

/**
 * The data-type cells the gather and scatter operators' support tables share, in the docs' order (GATHER_ELEMENTS,
 * GATHER, GATHER_ND, GATHER_ND1, SCATTER_ELEMENTS and SCATTER_ND list the same ones from 2_1 on, and GATHER and
 * SCATTER_ELEMENTS the same 1_0 block: docs/directml-behaviour.md §6.2, §10.2, §11.2, §12.2, §13.2).
 */
final class GatherFamilyTypes {

    /** Input and output (and a scatter's updates) in the 1_0 blocks of GATHER and SCATTER_ELEMENTS. */
    static final List<TensorDataType> DATA_1_0 = List.of(FLOAT32, FLOAT16);

    /** Input and output from 2_1 (GATHER's 1_0 block has only FLOAT32 and FLOAT16). */
    static final List<TensorDataType> DATA_2_1 = List.of(FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8);

    /** Input and output from 4_1: the 64-bit types join. */
    static final List<TensorDataType> DATA_4_1 =
            List.of(FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8);

    /** Indices from 3_0. */
    static final List<TensorDataType> INDICES_3_0 = List.of(INT64, INT32, UINT64, UINT32);

    /** Indices before 3_0. */
    static final List<TensorDataType> INDICES_UINT32 = List.of(UINT32);

    private GatherFamilyTypes() {}
}
