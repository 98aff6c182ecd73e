"""The tactics lab: summaries of many AI-against-AI matches, strength checks, report images."""
