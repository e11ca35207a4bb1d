package dev.dmlemu.emulator;

/**
 * DML_GATHER_ND and GATHER_ND1 cases run through the real DirectML.dll 1.15.4 at feature level 6_4, with the outputs
 * it printed, copied verbatim from the case files and output of the referee runs recorded in
 * docs/directml-behaviour.md §11.1, §11.4 and §11.5.
 */
final class RealDmlGatherNdGoldenCases {

    private RealDmlGatherNdGoldenCases() {}

    /**
     * The docs' examples, the batch-size probes of §11.4, and in-range cases across element sizes, index types,
     * ranks and strides.
     */
    static final String EXAMPLES = """
            name gather_nd_docs_ex1
            op GATHER_ND
            input_sizes 2 2
            indices_sizes 2 1
            output_sizes 2 2
            input_dimension_count 2
            indices_dimension_count 2
            input 0 1 2 3
            indices 1 0
            run

            name gather_nd_docs_ex2
            op GATHER_ND
            input_sizes 1 2 2 2
            indices_sizes 1 1 2 2
            output_sizes 1 1 2 2
            input_dimension_count 3
            indices_dimension_count 2
            input 0 1 2 3 4 5 6 7
            indices 0 1 1 0
            run

            name gather_nd1_docs_ex1
            op GATHER_ND1
            input_sizes 2 2
            indices_sizes 2 1
            output_sizes 2 2
            input_dimension_count 2
            indices_dimension_count 2
            batch_dimension_count 0
            input 0 1 2 3
            indices 1 0
            run

            name gather_nd1_docs_ex2_batch1
            op GATHER_ND1
            input_sizes 1 3 2 2
            indices_sizes 1 3 2 2
            output_sizes 1 1 3 2
            input_dimension_count 3
            indices_dimension_count 3
            batch_dimension_count 1
            input 0 1 2 3 4 5 6 7 8 9 10 11
            indices 0 0 1 1 1 1 0 0 0 1 1 0
            run

            name nd1_batch_idx_bigger
            op GATHER_ND1
            input_sizes 1 3 2 2
            indices_sizes 1 5 2 2
            output_sizes 1 1 5 2
            input_dimension_count 3
            indices_dimension_count 3
            batch_dimension_count 1
            input 0 1 2 3 4 5 6 7 8 9 10 11
            indices 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1
            run

            name nd1_batch_idx_bigger_padded
            op GATHER_ND1
            input_sizes 1 3 2 2
            input_bytes 80
            indices_sizes 1 5 2 2
            output_sizes 1 1 5 2
            input_dimension_count 3
            indices_dimension_count 3
            batch_dimension_count 1
            input 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
            indices 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 1
            run

            name nd1_batch_idx_smaller
            op GATHER_ND1
            input_sizes 1 4 2 2
            indices_sizes 1 1 2 2
            output_sizes 1 1 1 2
            input_dimension_count 3
            indices_dimension_count 3
            batch_dimension_count 1
            input 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
            indices 0 1 1 0
            run

            name nd_int8_rank8
            op GATHER_ND
            input_type INT8
            input_sizes 1 1 1 1 1 2 2 3
            indices_sizes 1 1 1 1 1 1 2 2
            output_sizes 1 1 1 1 1 1 2 3
            input_dimension_count 3
            indices_dimension_count 2
            input -6 -5 -4 -3 -2 -1 0 1 2 3 4 5
            indices 1 0 0 1
            run

            name nd_f64_i64_transposed
            op GATHER_ND
            input_type FLOAT64
            indices_type INT64
            input_sizes 3 2
            input_strides 1 3
            indices_sizes 2 1
            output_sizes 2 2
            input_dimension_count 2
            indices_dimension_count 2
            input 1.5 2.5 3.5 4.5 5.5 6.5
            indices -1 1
            run

            name nd_out_strided
            op GATHER_ND
            input_sizes 3 3
            indices_sizes 2 1
            output_sizes 2 3
            output_strides 1 2
            input_dimension_count 2
            indices_dimension_count 2
            input 1 2 3 4 5 6 7 8 9
            indices 2 0
            run
            """;

    static final String EXAMPLES_EXPECTED = """
            OUTPUT gather_nd_docs_ex1 2 3 0 1
            OUTPUT gather_nd_docs_ex2 2 3 4 5
            OUTPUT gather_nd1_docs_ex1 2 3 0 1
            OUTPUT gather_nd1_docs_ex2_batch1 0 3 7 4 9 10
            OUTPUT nd1_batch_idx_bigger 0 3 4 7 8 11 11 11 11 11
            OUTPUT nd1_batch_idx_bigger_padded 0 3 4 7 8 11 12 15 16 19
            OUTPUT nd1_batch_idx_smaller 1 2
            OUTPUT nd_int8_rank8 0 1 2 -3 -2 -1
            OUTPUT nd_f64_i64_transposed 3.5 6.5 2.5 5.5
            OUTPUT nd_out_strided 7 8 9 1 2 3
            """;

    /** The out-of-range probes of §11.5, and batches past the input's. */
    static final String OUT_OF_RANGE = """
            name nd_oob_inner_u32
            op GATHER_ND
            indices_type UINT32
            input_sizes 3 3
            indices_sizes 4 2
            output_sizes 1 4
            input_dimension_count 2
            indices_dimension_count 2
            input 1 2 3 4 5 6 7 8 9
            indices 0 3 1 4 2 100 1 4294967295
            run

            name nd_oob_outer_padded
            op GATHER_ND
            indices_type UINT32
            input_sizes 3 3
            input_bytes 64
            indices_sizes 3 1
            output_sizes 3 3
            input_dimension_count 2
            indices_dimension_count 2
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices 3 4 5
            run

            name nd_neg_i32
            op GATHER_ND
            indices_type INT32
            input_sizes 3 3
            indices_sizes 4 2
            output_sizes 1 4
            input_dimension_count 2
            indices_dimension_count 2
            input 1 2 3 4 5 6 7 8 9
            indices -1 -1 -3 0 1 -4 -4 5
            run

            name nd_u64_i64
            op GATHER_ND
            indices_type UINT64
            input_sizes 3 3
            indices_sizes 3 2
            output_sizes 1 3
            input_dimension_count 2
            indices_dimension_count 2
            input 1 2 3 4 5 6 7 8 9
            indices 18446744073709551615 0 4294967297 18446744073709551614 0 4294967296
            run

            name nd_size1_dim_padded
            op GATHER_ND
            indices_type UINT32
            input_sizes 1 3
            input_bytes 64
            indices_sizes 2 1
            output_sizes 2 3
            input_dimension_count 2
            indices_dimension_count 2
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices 1 2
            run

            name nd_size1_dim
            op GATHER_ND
            indices_type UINT32
            input_sizes 1 3
            indices_sizes 2 1
            output_sizes 2 3
            input_dimension_count 2
            indices_dimension_count 2
            input 1 2 3
            indices 1 2
            run

            name nd_total37
            op GATHER_ND
            indices_type UINT32
            input_sizes 3 3
            input_bytes 37
            indices_sizes 2 2
            output_sizes 1 2
            input_dimension_count 2
            indices_dimension_count 2
            input 1 2 3 4 5 6 7 8 9 10
            indices 2 3 0 1
            run

            name nd_stride_wrap_u32
            op GATHER_ND
            indices_type UINT32
            input_sizes 3 3
            indices_sizes 2 1
            output_sizes 2 3
            input_dimension_count 2
            indices_dimension_count 2
            input 1 2 3 4 5 6 7 8 9
            indices 1431655765 1431655766
            run

            name nd1_batch_input1_idx3
            op GATHER_ND1
            indices_type UINT32
            input_sizes 1 1 2 2
            input_bytes 64
            indices_sizes 1 3 1 2
            output_sizes 1 1 3 1
            input_dimension_count 3
            indices_dimension_count 3
            batch_dimension_count 1
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices 0 1 1 0 1 1
            run

            name nd1_batch_strided_bigger
            op GATHER_ND1
            indices_type UINT32
            input_sizes 2 3
            input_strides 5 1
            input_bytes 64
            indices_sizes 4 1
            output_sizes 1 4
            input_dimension_count 2
            indices_dimension_count 2
            batch_dimension_count 1
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices 0 1 2 0
            run

            name nd1_batch_bigger_slices
            op GATHER_ND1
            indices_type UINT32
            input_sizes 2 2 3
            input_bytes 64
            indices_sizes 3 2 1
            output_sizes 3 2 3
            input_dimension_count 3
            indices_dimension_count 3
            batch_dimension_count 1
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices 1 0 0 1 1 0
            run
            """;

    static final String OUT_OF_RANGE_EXPECTED = """
            OUTPUT nd_oob_inner_u32 4 8 9 3
            OUTPUT nd_oob_outer_padded 10 11 12 13 14 15 16 16 16
            OUTPUT nd_neg_i32 9 1 3 3
            OUTPUT nd_u64_i64 7 5 1
            OUTPUT nd_size1_dim_padded 4 5 6 7 8 9
            OUTPUT nd_size1_dim 3 3 3 3 3 3
            OUTPUT nd_total37 0 2
            OUTPUT nd_stride_wrap_u32 9 1 2 3 4 5
            OUTPUT nd1_batch_input1_idx3 2 7 12
            OUTPUT nd1_batch_strided_bigger 1 7 13 16
            OUTPUT nd1_batch_bigger_slices 4 5 6 1 2 3 7 8 9 10 11 12 16 16 16 13 14 15
            """;
}
