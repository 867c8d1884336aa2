/**
 * The built-in encodings and compressor schemes, and the {@link io.jvortex.registry.EncodingRegistry}
 * users extend with their own encodings. It sits above every encoding package, so that the frameworks
 * below ({@code encoding}, {@code compress}) never name a concrete encoding.
 */
package io.jvortex.registry;
