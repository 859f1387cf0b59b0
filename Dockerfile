# Perceptron Lab for a course server: the app, and optionally several replicas behind nginx.
#
#   docker build -t perceptron-lab .
#   docker run --rm -p 8501:8501 perceptron-lab                  # one Streamlit process
#   docker run --rm -p 8501:8501 -e REPLICAS=2 perceptron-lab    # 2 behind nginx
#
# deploy/serve.py starts the process(es) (and nginx in front when REPLICAS > 1), opens the
# app once in each so no student waits for the libraries, and stops them on `docker stop`.
FROM python:3.11-slim

RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY . .
# numba compiles the training loop once, here: its cache (cache=True) goes into the image.
RUN python -c "from ui.warmup import _warm_up; _warm_up()"

ENV REPLICAS=1 PORT=8501
EXPOSE 8501
CMD ["sh", "-c", "exec python deploy/serve.py --replicas \"$REPLICAS\" --port \"$PORT\" --host 0.0.0.0"]
