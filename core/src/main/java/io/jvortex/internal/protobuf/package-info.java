/**
 * A small bounds-checked protobuf wire-format reader ({@link io.jvortex.internal.protobuf.ProtoReader}) and a
 * proto3 writer following {@code prost}'s rules ({@link io.jvortex.internal.protobuf.ProtoWriter}); no
 * protobuf-java runtime.
 */
package io.jvortex.internal.protobuf;
