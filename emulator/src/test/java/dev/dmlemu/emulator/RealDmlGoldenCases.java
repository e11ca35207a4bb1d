package dev.dmlemu.emulator;

/**
 * Cases run through the real DirectML.dll 1.15.4 by the referee harness that preceded the project's own DirectML host,
 * with the outputs it printed.
 * Copied verbatim from {@code examples.txt}/{@code .expected} (the valid cases) and
 * {@code oob-probes.txt}/{@code .expected}.
 */
final class RealDmlGoldenCases {

    private RealDmlGoldenCases() {}

    static final String EXAMPLES = """
            name docs_u32_axis2
            input_type FLOAT32
            indices_type UINT32
            input_sizes 1 1 3 3
            indices_sizes 1 1 2 3
            axis 2
            input 1 2 3 4 5 6 7 8 9
            indices 1 2 0 2 0 0
            run

            name docs_i32_axis2
            indices_type INT32
            input_sizes 1 1 3 3
            indices_sizes 1 1 2 3
            axis 2
            input 1 2 3 4 5 6 7 8 9
            indices 1 2 0 2 0 0
            run

            name docs_i64_axis2
            indices_type INT64
            input_sizes 1 1 3 3
            indices_sizes 1 1 2 3
            axis 2
            input 1 2 3 4 5 6 7 8 9
            indices 1 2 0 2 0 0
            run

            name negative_i32
            indices_type INT32
            input_sizes 1 1 3 3
            indices_sizes 1 1 2 3
            axis 2
            input 1 2 3 4 5 6 7 8 9
            indices -1 -2 -3 2 0 -1
            run

            name out_of_range_u32
            indices_type UINT32
            input_sizes 1 1 3 3
            indices_sizes 1 1 2 3
            axis 2
            input 1 2 3 4 5 6 7 8 9
            indices 3 7 100 4294967295 0 1
            run

            name out_of_range_i32
            indices_type INT32
            input_sizes 1 1 3 3
            indices_sizes 1 1 2 3
            axis 2
            input 1 2 3 4 5 6 7 8 9
            indices 3 -4 100 -100 0 1
            run

            name axis3
            indices_type INT32
            input_sizes 1 1 2 3
            indices_sizes 1 1 2 2
            axis 3
            input 1 2 3 4 5 6
            indices 2 0 1 1
            run

            name one_d
            input_type INT32
            indices_type UINT32
            input_sizes 5
            indices_sizes 3
            axis 0
            input 10 20 30 40 50
            indices 4 0 2
            run

            name eight_d
            input_type FLOAT32
            indices_type UINT32
            input_sizes 1 1 1 1 1 1 2 2
            indices_sizes 1 1 1 1 1 1 2 2
            axis 7
            input 1 2 3 4
            indices 1 1 0 1
            run

            name int8_data
            input_type INT8
            indices_type UINT32
            input_sizes 1 1 2 3
            indices_sizes 1 1 2 3
            axis 2
            input -1 -2 -3 4 5 6
            indices 1 0 1 0 1 0
            run

            name float64_data
            input_type FLOAT64
            indices_type INT64
            input_sizes 1 1 2 2
            indices_sizes 1 1 2 2
            axis 3
            input 0.1 0.2 0.3 0.4
            indices 1 0 0 0
            run

            name strided_input_transposed
            input_type FLOAT32
            indices_type UINT32
            input_sizes 1 1 3 3
            input_strides 9 9 1 3
            indices_sizes 1 1 2 3
            axis 2
            input 1 2 3 4 5 6 7 8 9
            indices 1 2 0 2 0 0
            run

            name broadcast_input_stride0
            input_type FLOAT32
            indices_type UINT32
            input_sizes 1 1 3 3
            input_strides 0 0 0 1
            indices_sizes 1 1 2 3
            axis 2
            input 1 2 3
            indices 1 2 0 2 0 0
            run

            name total_bytes_unaligned_37
            input_sizes 1 1 3 3
            input_bytes 37
            indices_sizes 1 1 2 3
            axis 2
            input 1 2 3 4 5 6 7 8 9
            indices 1 2 0 2 0 0
            run
            """;

    static final String EXAMPLES_EXPECTED = """
            OUTPUT docs_u32_axis2 4 8 3 7 2 3
            OUTPUT docs_i32_axis2 4 8 3 7 2 3
            OUTPUT docs_i64_axis2 4 8 3 7 2 3
            OUTPUT negative_i32 7 5 3 7 2 9
            OUTPUT out_of_range_u32 9 9 9 9 2 6
            OUTPUT out_of_range_i32 9 9 9 9 2 6
            OUTPUT axis3 3 1 5 5
            OUTPUT one_d 50 10 30
            OUTPUT eight_d 2 2 3 4
            OUTPUT int8_data 4 -2 6 -1 5 -3
            OUTPUT float64_data 0.20000000000000001 0.10000000000000001 0.29999999999999999 0.29999999999999999
            OUTPUT strided_input_transposed 2 6 7 3 4 7
            OUTPUT broadcast_input_stride0 1 2 3 1 2 3
            OUTPUT total_bytes_unaligned_37 4 8 3 7 2 3
            """;

    static final String OOB_PROBES = """
            name inner_axis_oob
            indices_type INT32
            input_sizes 1 1 3 3
            indices_sizes 1 1 3 3
            axis 3
            input 1 2 3 4 5 6 7 8 9
            indices 3 4 5 3 4 5 -4 -5 100
            run

            name inner_axis_oob_padded_total
            indices_type INT32
            input_sizes 1 1 3 3
            indices_sizes 1 1 3 3
            axis 3
            input_bytes 64
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices 3 4 5 3 4 5 -4 -5 100
            run

            name outer_axis_oob_padded_total
            indices_type UINT32
            input_sizes 1 1 3 3
            indices_sizes 1 1 2 3
            axis 2
            input_bytes 64
            input 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
            indices 3 7 100 4294967295 0 1
            run

            name strided_input_oob
            indices_type INT32
            input_sizes 1 1 3 3
            input_strides 0 0 4 1
            indices_sizes 1 1 3 3
            axis 3
            input 1 2 3 100 4 5 6 200 7 8 9 300
            indices 3 4 5 3 3 3 3 3 100
            run

            name axis0_rank2_oob
            indices_type INT32
            input_sizes 3 3
            indices_sizes 2 3
            axis 0
            input 1 2 3 4 5 6 7 8 9
            indices 3 3 3 -4 -4 -4
            run
            name i64_big
            indices_type INT64
            input_sizes 1 1 3 3
            indices_sizes 1 1 3 3
            axis 3
            input 1 2 3 4 5 6 7 8 9
            indices 4294967297 4294967296 -4294967295 0 1 2 2147483648 -2147483649 9223372036854775807
            run

            name u64_big
            indices_type UINT64
            input_sizes 1 1 3 3
            indices_sizes 1 1 3 3
            axis 3
            input 1 2 3 4 5 6 7 8 9
            indices 4294967297 4294967296 18446744073709551615 0 1 2 2147483648 4294967295 3
            run

            name total37
            indices_type INT32
            input_sizes 1 1 3 3
            indices_sizes 1 1 1 3
            axis 2
            input_bytes 37
            input 1 2 3 4 5 6 7 8 9 10
            indices 3 3 3
            run

            name i32_min
            indices_type INT32
            input_sizes 3 3
            indices_sizes 3 3
            axis 1
            input 1 2 3 4 5 6 7 8 9
            indices -2147483648 2147483647 -3 -2147483648 2147483647 -3 -1 -2 -3
            run

            name u32_stride_overflow
            indices_type UINT32
            input_sizes 3 3
            indices_sizes 2 3
            axis 0
            input 1 2 3 4 5 6 7 8 9
            indices 1431655765 1431655766 2863311531 0 0 0
            run
            """;

    static final String OOB_PROBES_EXPECTED = """
            OUTPUT inner_axis_oob 4 5 6 7 8 9 6 5 9
            OUTPUT inner_axis_oob_padded_total 4 5 6 7 8 9 6 5 16
            OUTPUT outer_axis_oob_padded_total 10 16 16 16 2 6
            OUTPUT strided_input_oob 100 4 5 200 200 200 9 9 9
            OUTPUT axis0_rank2_oob 9 9 9 9 9 9
            OUTPUT i64_big 2 1 5 4 5 6 9 9 6
            OUTPUT u64_big 2 1 3 4 5 6 9 6 9
            OUTPUT total37 0 0 0
            OUTPUT i32_min 9 9 1 9 9 4 9 8 7
            OUTPUT u32_stride_overflow 9 4 4 1 2 3
            """;
}
