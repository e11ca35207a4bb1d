package dev.dmlemu.model;

/** One entry of {@code commands}, run in order. */
public sealed interface Command permits DispatchCommand, PrintCommand, WriteFileCommand {}
