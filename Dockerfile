# Perceptron Lab for a course server: the app behind nginx, one or several replicas.
#
#   docker build -t perceptron-lab .
#   docker run --rm -p 8501:8501 perceptron-lab                  # one Streamlit process
#   docker run --rm -p 8501:8501 -e REPLICAS=2 perceptron-lab    # 2 behind nginx
#
# deploy/serve.py starts the process(es) and nginx in front (compression and caching of what
# every first page loads), opens the app once in each so no student waits for the
# libraries, restarts a replica that dies, and stops them all on `docker stop`. With
# REPLICAS above 1 the class's state is shared in Debian's redis-server, which serve.py
# starts too, its append-only file in the lab's data folder (a volume keeps it:
# -v lab-data:/home/lab/.local/share/perceptron-lab). compose.yaml runs the replicas as
# containers of their own, with nginx and Redis beside them. tini is
# process 1: it passes the stop signal on and reaps any orphaned process. The image runs as
# the user `lab`, not root; its health check asks nginx for Streamlit's /_stcore/health.
FROM python:3.11-slim

RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx redis-server tini \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home --uid 10001 lab

WORKDIR /app
# The exact versions the tests passed with (requirements.txt has the ranges).
COPY requirements.lock .
RUN pip install --no-cache-dir -r requirements.lock

# The code belongs to root: the app's user can read it, not change it.
COPY . .
USER lab
# numba compiles the training loop once, here: its cache (in lab's home) goes into the image.
RUN python -c "from ui.server.warmup import _warm_up; _warm_up()"
# The data folder made by its user: a volume mounted there starts owned by lab.
RUN mkdir -p /home/lab/.local/share/perceptron-lab

ENV REPLICAS=1 PORT=8501
EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
    CMD ["python", "deploy/healthcheck.py"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["sh", "-c", "exec python deploy/serve.py --nginx --replicas \"$REPLICAS\" --port \"$PORT\" --host 0.0.0.0"]
