"""Writes data.npy, indices.npy and updates.npy, the inputs of the ONNX ScatterND front-door example
(examples/README.md): the ONNX ScatterND spec's example 1.

Run from this folder: python3 make_inputs.py
"""
import numpy as np

np.save("data.npy", np.array([1, 2, 3, 4, 5, 6, 7, 8], dtype=np.float32))
np.save("indices.npy", np.array([[4], [3], [1], [7]], dtype=np.int64))
np.save("updates.npy", np.array([9, 10, 11, 12], dtype=np.float32))
