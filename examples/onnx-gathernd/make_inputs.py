"""Writes data.npy and indices.npy, the inputs of the ONNX GatherND front-door example (examples/README.md).

Run from this folder: python3 make_inputs.py
"""
import numpy as np

np.save("data.npy", np.array([[[0, 1], [2, 3]], [[4, 5], [6, 7]]], dtype=np.float32))
np.save("indices.npy", np.array([[1], [0]], dtype=np.int64))
