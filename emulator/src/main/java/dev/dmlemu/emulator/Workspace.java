package dev.dmlemu.emulator;

/**
 * What one worker needs while it runs a traversal: its cursors and its scratch (a copied row or tile, or GATHER_ND's tuple batch), made by
 * the traversal and reused across executions (see {@link WorkspacePool}), so a steady stream of dispatches allocates
 * nothing.
 *
 * @param rows the cursor over the plan's rows ({@link GatherPlan#rowCursor}, in every order's workspace), or over
 *     GATHER_ND's index tuples ({@link GatherNdPlan#tupleCursor})
 * @param middle the cursor a tile copy walks its middle dimensions with, GATHER_ND's slice cursor
 *     ({@link GatherNdSlice#rowCursor}), or null
 * @param scratch the array of the element's width rows or tiles are copied into, a {@link TupleBatch}, or null
 */
record Workspace(CoordinateCursor rows, CoordinateCursor middle, Object scratch) {}
