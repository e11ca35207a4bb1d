package dev.dmlemu.desc;

/**
 * {@code DML_SIZE_2D}, held by value in a desc.
 *
 * @param width {@code Width} ({@code UINT}), in {@code [0, 2^32)} when valid
 * @param height {@code Height} ({@code UINT}), in {@code [0, 2^32)} when valid
 */
public record Size2d(long width, long height) {}
