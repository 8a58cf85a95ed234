/**
 * The volume fixtures the attach/detach tests and the story's actor tests share: a claim `data`
 * (ReadWriteOnce, class standard) and a StatefulSet `db` of one pod that mounts it, each as the
 * `kubectl apply -f -` command a test runs.
 */
export const CLAIM = `kubectl apply -f -
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi`;

export const STS = `kubectl apply -f -
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 1
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: postgres
        image: nginx:1.27
      volumes:
      - name: data
        persistentVolumeClaim:
          claimName: data`;
