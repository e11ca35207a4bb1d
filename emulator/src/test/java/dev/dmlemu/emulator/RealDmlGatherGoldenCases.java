package dev.dmlemu.emulator;

/**
 * DML_GATHER cases run through the real DirectML.dll 1.15.4 at feature level 6_4, with the outputs it printed, copied
 * verbatim from the referee's case files ({@code examples.txt}/{@code .expected}, {@code gather-heap-bug.*}) and
 * from the padding probes recorded in docs/directml-behaviour.md §10.
 */
final class RealDmlGatherGoldenCases {

    private RealDmlGatherGoldenCases() {}

    /**
     * The GATHER cases of {@code examples.txt} that ran, except three with IndexDimensions 0 and indices whose
     * sizes are not all 1 (a region DirectML accepts only in part and dmlemu does not model:
     * docs/directml-behaviour.md §10).
     */
    static final String EXAMPLES = """
            name gather_docs_ex1_1d
            op GATHER
            input_sizes 4
            indices_sizes 5
            output_sizes 5
            axis 0
            index_dimensions 1
            input 11 12 13 14
            indices 3 1 3 0 2
            run

            name gather_docs_ex2_axis0_rows
            op GATHER
            input_sizes 3 2
            indices_sizes 1 4
            output_sizes 4 2
            axis 0
            index_dimensions 1
            input 1 2 3 4 5 6
            indices 0 1 1 2
            run

            name gather_docs_ex3_index_dims1
            op GATHER
            input_sizes 3 2
            indices_sizes 1 2
            output_sizes 3 2
            axis 1
            index_dimensions 1
            input 1 2 3 4 5 6
            indices 1 0
            run

            name gather_docs_ex4
            op GATHER
            input_sizes 1 3 3
            indices_sizes 1 1 2
            output_sizes 3 1 2
            axis 2
            index_dimensions 2
            input 1 2 3 4 5 6 7 8 9
            indices 0 2
            run

            name gather_docs_ex5
            op GATHER
            input_sizes 1 3 2
            indices_sizes 1 2 2
            output_sizes 2 2 2
            axis 1
            index_dimensions 2
            input 1 2 3 4 5 6
            indices 0 1 1 2
            run

            name g_oob_inner_u32
            op GATHER
            indices_type UINT32
            input_sizes 3 3
            indices_sizes 1 4
            output_sizes 3 4
            axis 1
            index_dimensions 1
            input 1 2 3 4 5 6 7 8 9
            indices 3 4 100 4294967295
            run

            name g_oob_inner_padded
            op GATHER
            indices_type UINT32
            input_sizes 3 3
            input_bytes 64
            indices_sizes 1 4
            output_sizes 3 4
            axis 1
            index_dimensions 1
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices 3 4 5 6
            run

            name g_oob_outer_padded
            op GATHER
            indices_type UINT32
            input_sizes 3 3
            input_bytes 64
            indices_sizes 1 3
            output_sizes 3 3
            axis 0
            index_dimensions 1
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices 3 4 0
            run

            name g_neg_oob_i32
            op GATHER
            indices_type INT32
            input_sizes 3 3
            input_bytes 64
            indices_sizes 1 4
            output_sizes 3 4
            axis 1
            index_dimensions 1
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices -4 -5 -100 -2147483648
            run

            name g_neg_u64_as_signed
            op GATHER
            indices_type UINT64
            input_sizes 3 3
            indices_sizes 1 3
            output_sizes 3 3
            axis 1
            index_dimensions 1
            input 1 2 3 4 5 6 7 8 9
            indices 18446744073709551615 18446744073709551614 4294967297
            run

            name g_i64_big
            op GATHER
            indices_type INT64
            input_sizes 3 3
            indices_sizes 1 3
            output_sizes 3 3
            axis 1
            index_dimensions 1
            input 1 2 3 4 5 6 7 8 9
            indices 4294967297 -4294967295 4294967296
            run

            name g_axis_size1_oob_index
            op GATHER
            indices_type UINT32
            input_sizes 1 3
            indices_sizes 1 2
            output_sizes 2 3
            axis 0
            index_dimensions 1
            input 1 2 3
            indices 1 5
            run

            name g_axis_size1_padded
            op GATHER
            indices_type UINT32
            input_sizes 1 3
            input_bytes 64
            indices_sizes 1 2
            output_sizes 2 3
            axis 0
            index_dimensions 1
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices 1 2
            run

            name g_total_bytes_37
            op GATHER
            indices_type UINT32
            input_sizes 3 3
            input_bytes 37
            indices_sizes 1 2
            output_sizes 3 2
            axis 1
            index_dimensions 1
            input 1 2 3 4 5 6 7 8 9 10
            indices 3 1
            run

            name g_neg_i32
            op GATHER
            indices_type INT32
            input_sizes 3 3
            indices_sizes 1 4
            output_sizes 3 4
            axis 1
            index_dimensions 1
            input 1 2 3 4 5 6 7 8 9
            indices -1 -2 -3 0
            run

            name g_idxdims0
            op GATHER
            input_sizes 1 3 2
            indices_sizes 1 1 1
            output_sizes 1 1 2
            axis 1
            index_dimensions 0
            input 1 2 3 4 5 6
            indices 2
            run

            name g_idxdims0_1d_scalar
            op GATHER
            input_sizes 3
            indices_sizes 1
            output_sizes 1
            axis 0
            index_dimensions 0
            input 1 2 3
            indices 2
            run

            name g_idxdims_eq_rank_fits
            op GATHER
            input_sizes 1 1 3
            indices_sizes 1 1 2
            output_sizes 1 1 2
            axis 2
            index_dimensions 3
            input 1 2 3
            indices 2 0
            run

            name g_idxdims_eq_rank_1d
            op GATHER
            input_sizes 3
            indices_sizes 2
            output_sizes 2
            axis 0
            index_dimensions 1
            input 1 2 3
            indices 2 0
            run

            name g_idxdims2_rank2_full
            op GATHER
            input_sizes 1 3
            indices_sizes 2 2
            output_sizes 2 2
            axis 1
            index_dimensions 2
            input 1 2 3
            indices 2 0 1 1
            run

            name k0_out_leading2
            op GATHER
            input_sizes 5
            indices_sizes 1
            output_sizes 2
            axis 0
            index_dimensions 0
            input 10 20 30 40 50
            indices 3
            run

            name k0_out_leading2_2d
            op GATHER
            input_sizes 7 2
            indices_sizes 1 1
            output_sizes 3 7
            axis 1
            index_dimensions 0
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14
            indices 1
            run

            name g_out_leading1_moved_idx1
            op GATHER
            input_sizes 1 3 3
            indices_sizes 1 1 2
            output_sizes 1 3 2
            axis 2
            index_dimensions 1
            input 1 2 3 4 5 6 7 8 9
            indices 0 2
            run

            name g_int64_data_u64_idx
            op GATHER
            input_type INT64
            indices_type UINT64
            input_sizes 3 2
            indices_sizes 1 4
            output_sizes 4 2
            axis 0
            index_dimensions 1
            input -1 -2 -3 -4 9223372036854775807 -9223372036854775808
            indices 2 0 1 2
            run

            name g_8d
            op GATHER
            input_type UINT8
            input_sizes 1 1 1 1 1 1 2 3
            indices_sizes 1 1 1 1 1 1 2 2
            output_sizes 1 1 1 1 1 2 2 3
            axis 6
            index_dimensions 2
            input 1 2 3 4 5 6
            indices 1 0 0 1
            run

            name g_strided_broadcast
            op GATHER
            input_sizes 3 3
            input_strides 0 1
            indices_sizes 1 2
            output_sizes 2 3
            axis 0
            index_dimensions 1
            input 7 8 9
            indices 2 1
            run

            name g_out_strided
            op GATHER
            input_sizes 3 2
            indices_sizes 1 4
            output_sizes 4 2
            output_strides 1 4
            axis 0
            index_dimensions 1
            input 1 2 3 4 5 6
            indices 0 1 1 2
            run

            name gather_u8_5_total_bytes_8
            op GATHER
            input_type UINT8
            input_sizes 5
            input_bytes 8
            indices_sizes 1
            output_sizes 1
            index_dimensions 0
            axis 0
            input 1 2 3 4 5 6 7 8
            indices 4
            run
            """;

    static final String EXAMPLES_EXPECTED = """
            OUTPUT gather_docs_ex1_1d 14 12 14 11 13
            OUTPUT gather_docs_ex2_axis0_rows 1 2 3 4 3 4 5 6
            OUTPUT gather_docs_ex3_index_dims1 2 1 4 3 6 5
            OUTPUT gather_docs_ex4 1 3 4 6 7 9
            OUTPUT gather_docs_ex5 1 2 3 4 3 4 5 6
            OUTPUT g_oob_inner_u32 4 5 9 9 7 8 9 3 9 9 9 6
            OUTPUT g_oob_inner_padded 4 5 6 7 7 8 9 10 10 11 12 13
            OUTPUT g_oob_outer_padded 10 11 12 13 14 15 1 2 3
            OUTPUT g_neg_oob_i32 16 16 16 16 3 2 16 16 6 5 16 16
            OUTPUT g_neg_u64_as_signed 3 2 2 6 5 5 9 8 8
            OUTPUT g_i64_big 2 5 1 5 8 4 8 9 7
            OUTPUT g_axis_size1_oob_index 3 3 3 3 3 3
            OUTPUT g_axis_size1_padded 4 5 6 7 8 9
            OUTPUT g_total_bytes_37 4 2 7 5 0 8
            OUTPUT g_neg_i32 3 2 1 1 6 5 4 4 9 8 7 7
            OUTPUT g_idxdims0 5 6
            OUTPUT g_idxdims0_1d_scalar 3
            OUTPUT g_idxdims_eq_rank_fits 3 1
            OUTPUT g_idxdims_eq_rank_1d 3 1
            OUTPUT g_idxdims2_rank2_full 3 1 2 2
            OUTPUT k0_out_leading2 40 50
            OUTPUT k0_out_leading2_2d 2 4 6 8 10 12 14 14 14 14 14 14 14 14 14 14 14 14 14 14 14
            OUTPUT g_out_leading1_moved_idx1 1 3 4 6 7 9
            OUTPUT g_int64_data_u64_idx 9223372036854775807 -9223372036854775808 -1 -2 -3 -4 9223372036854775807 -9223372036854775808
            OUTPUT g_8d 4 5 6 1 2 3 1 2 3 4 5 6
            OUTPUT g_strided_broadcast 7 8 9 7 8 9
            OUTPUT g_out_strided 1 2 3 4 3 4 5 6
            OUTPUT gather_u8_5_total_bytes_8 5
            """;

    /**
     * {@code gather-heap-bug.txt}: IndexDimensions - 1 > Axis, accepted with a heap corruption inside DirectML.dll; the
     * outputs are the documented answer.
     */
    static final String HEAP_BUG = """
            name g_idxdims2_cropped_leading1
            op GATHER
            input_sizes 3 2
            indices_sizes 1 4
            output_sizes 4 2
            axis 0
            index_dimensions 2
            input 1 2 3 4 5 6
            indices 0 1 1 2
            run

            name crop_control_axis1_k2
            op GATHER
            input_sizes 1 3 2
            indices_sizes 1 1 4
            output_sizes 1 4 2
            axis 1
            index_dimensions 2
            input 1 2 3 4 5 6
            indices 0 1 1 2
            run

            name crop_bad_axis0_k3
            op GATHER
            indices_type INT32
            input_sizes 1 1 3
            indices_sizes 1 1 1
            output_sizes 1 1 3
            axis 0
            index_dimensions 3
            input 1 2 3
            indices 0
            run
            """;

    static final String HEAP_BUG_EXPECTED = """
            OUTPUT g_idxdims2_cropped_leading1 1 2 3 4 3 4 5 6
            OUTPUT crop_control_axis1_k2 1 2 3 4 3 4 5 6
            OUTPUT crop_bad_axis0_k3 1 2 3
            """;

    /**
     * IndexDimensions 0 with an Output.Sizes[0] greater than 1, which DirectML does not check: the padding
     * dimension steps by the input's element count without Strides at DimensionCounts other than 4 and 8, and by 0
     * with Strides or at 4 and 8 dimensions (probes of docs/directml-behaviour.md §10.5).
     */
    static final String PADDING_PROBES = """
            name k0_pad_stride_idx0
            op GATHER
            input_sizes 5
            indices_sizes 1
            output_sizes 3
            axis 0
            index_dimensions 0
            input 10 20 30 40 50
            indices 0
            run

            name k0_pad_stride_strided
            op GATHER
            input_sizes 3
            input_strides 2
            input_bytes 40
            indices_sizes 1
            output_sizes 3
            axis 0
            index_dimensions 0
            input 10 20 30 40 50 60 70 80 90 100
            indices 0
            run

            name k0_pad_2d_ax0
            op GATHER
            input_sizes 3 2
            indices_sizes 1 1
            output_sizes 2 2
            axis 0
            index_dimensions 0
            input 1 2 3 4 5 6
            indices 0
            run
            name pad_r4_idx2
            op GATHER
            input_sizes 1 1 1 3
            indices_sizes 1 1 1 1
            output_sizes 3 1 1 1
            axis 3
            index_dimensions 0
            input 1 2 3
            indices 2
            run

            name pad_r5
            op GATHER
            input_sizes 1 1 1 1 3
            input_bytes 36
            indices_sizes 1 1 1 1 1
            output_sizes 3 1 1 1 1
            axis 4
            index_dimensions 0
            input 1 2 3 4 5 6 7 8 9
            indices 0
            run

            name pad_r3
            op GATHER
            input_sizes 1 1 3
            input_bytes 36
            indices_sizes 1 1 1
            output_sizes 3 1 1
            axis 2
            index_dimensions 0
            input 1 2 3 4 5 6 7 8 9
            indices 0
            run

            name pad_r8
            op GATHER
            input_sizes 1 1 1 1 1 1 1 3
            input_bytes 36
            indices_sizes 1 1 1 1 1 1 1 1
            output_sizes 3 1 1 1 1 1 1 1
            axis 7
            index_dimensions 0
            input 1 2 3 4 5 6 7 8 9
            indices 1
            run

            """;

    static final String PADDING_PROBES_EXPECTED = """
            OUTPUT k0_pad_stride_idx0 10 50 50
            OUTPUT k0_pad_stride_strided 10 10 10
            OUTPUT k0_pad_2d_ax0 1 2 6 6
            OUTPUT pad_r4_idx2 3 3 3
            OUTPUT pad_r5 1 4 7
            OUTPUT pad_r3 1 4 7
            OUTPUT pad_r8 2 2 2
            """;

    /**
     * Cropped formula entries above 1, which DirectML accepts and reads at coordinate 0 (docs/directml-behaviour.md
     * §10.3; recorded by the validator's referee probes {@code crop_ex3_out12} and {@code crop_in233_k2}).
     */
    static final String CROPPED = """
            name crop_ex3_out12
            op GATHER
            input_sizes 3 2
            indices_sizes 1 2
            output_sizes 1 2
            axis 1
            index_dimensions 2
            input 1 2 3 4 5 6
            indices 1 0
            run

            name crop_in233_k2
            op GATHER
            input_sizes 2 3 3
            indices_sizes 1 1 2
            output_sizes 3 1 2
            axis 2
            index_dimensions 2
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18
            indices 0 2
            run
            """;

    static final String CROPPED_EXPECTED = """
            OUTPUT crop_ex3_out12 2 1
            OUTPUT crop_in233_k2 1 3 4 6 7 9
            """;
}
