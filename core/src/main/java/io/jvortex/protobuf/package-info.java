/** A small bounds-checked protobuf wire-format reader (and later writer); no protobuf-java runtime. */
package io.jvortex.protobuf;
