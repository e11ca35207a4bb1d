/**
 * The C structures of DirectML.h, d3d12.h and dxgi.h as JNA structures, spelled exactly as in C. They use the
 * Windows (MSVC) alignment rule on every OS, so their Windows x64 layout is tested on Linux. No other package
 * uses C spellings.
 */
package dev.dmlemu.nativebridge.struct;
