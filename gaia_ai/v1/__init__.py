"""Generated protobuf and gRPC stubs of the gaia_ai.v1 contract (proto/gaia_ai/v1/*.proto).

setup.py writes <name>_pb2.py, <name>_pb2.pyi and <name>_pb2_grpc.py here on every build
(`pip install -e .`, a wheel); they are never committed. After editing a .proto, rebuild with
`pip install -e .` (or `python setup.py build_py`).
"""
