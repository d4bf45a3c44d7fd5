"""Speed and accuracy targets, measured against naive references of the seed algorithms."""
